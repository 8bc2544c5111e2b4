/// The start tags of a document as the one scan before the parse (`XMLAttributeBound`) reads them, in
/// document order: where each tag's `<` is, where its content starts (just past its `>`) and where the
/// names of its attributes are as written (namespace declarations included). libxml2 reports the
/// document's start tags in the same order, so the parse takes the k-th record at the k-th start tag
/// instead of reading the tag's bytes again.
///
/// The scan stops at the first markup it cannot read (an unclosed quote or comment, a `<` inside a
/// tag); libxml2 fails there too, with no start tag reported past that point.
struct XMLTagTable {
    /// Three numbers a tag: the offset of its `<`, of its content, and the end of its names in `names`
    /// (counted in names).
    private var tags: [UInt32] = []
    /// Two numbers a name: the offsets of its first byte and just past its last.
    private var names: [UInt32] = []

    /// Room for the tags of a text of `byteCount` bytes (a start tag every 40 bytes or so, a name every 70).
    init(expecting byteCount: Int = 0) {
        tags.reserveCapacity(3 * (byteCount / 40) + 48)
        names.reserveCapacity(2 * (byteCount / 64) + 32)
    }

    /// How many tags were recorded.
    var count: Int { tags.count / 3 }

    /// Records the name of an attribute of the tag being read (before `appendTag` records the tag).
    @inline(__always)
    mutating func appendName(from start: Int, to end: Int) {
        names.append(UInt32(truncatingIfNeeded: start))
        names.append(UInt32(truncatingIfNeeded: end))
    }

    /// Records a tag whose `<` is at `offset` and whose content starts at `contentOffset`, with the
    /// names recorded since the previous tag.
    @inline(__always)
    mutating func appendTag(offset: Int, contentOffset: Int) {
        tags.append(UInt32(truncatingIfNeeded: offset))
        tags.append(UInt32(truncatingIfNeeded: contentOffset))
        tags.append(UInt32(truncatingIfNeeded: names.count / 2))
    }

    /// Tag `k` (`k < count`): its `<`, its content and its names (as indices for `name(_:)`).
    @inline(__always)
    func tag(_ k: Int) -> (offset: Int, contentOffset: Int, names: Range<Int>) {
        let first = k == 0 ? 0 : Int(tags[3 * k - 1])
        return (Int(tags[3 * k]), Int(tags[3 * k + 1]), first..<Int(tags[3 * k + 2]))
    }

    /// Name `j`: the offsets of its first byte and just past its last.
    @inline(__always)
    func name(_ j: Int) -> (start: Int, end: Int) { (Int(names[2 * j]), Int(names[2 * j + 1])) }
}
