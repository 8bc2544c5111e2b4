/// XML forbids `--` inside comments, but the suppression comments formconv documents
/// (`<!-- formconv-disable-next-line rule -- reason -->`) and hand-written forms use it; libxml2 itself
/// only recovers from it. XML readers pass their input through `repair` first: every `--` inside a
/// comment body becomes `- ` (same length, so line and column positions are unchanged).
public enum XMLCommentRepair {
    public static func repair(_ bytes: [UInt8]) -> [UInt8] {
        let dash = UInt8(ascii: "-")
        // Fast path: no comment with a double hyphen in it.
        guard let first = commentStart(in: bytes, from: 0) else { return bytes }
        var out = bytes
        var i = first
        while i < out.count {
            // `i` points just past `<!--`; find `-->`.
            var j = i
            while j + 2 < out.count, !(out[j] == dash && out[j + 1] == dash && out[j + 2] == UInt8(ascii: ">")) {
                if out[j] == dash && out[j + 1] == dash && out[j + 2] != dash { out[j + 1] = UInt8(ascii: " ") }
                j += 1
            }
            guard j + 2 < out.count, let next = commentStart(in: out, from: j + 3) else { break }
            i = next
        }
        return out
    }

    /// The index just past the next `<!--` at or after `from`, skipping CDATA sections.
    private static func commentStart(in bytes: [UInt8], from: Int) -> Int? {
        bytes.withUnsafeBufferPointer { b in
            var i = from
            let lt = UInt8(ascii: "<"), bang = UInt8(ascii: "!"), dash = UInt8(ascii: "-")
            while i + 3 < b.count {
                // Jump to the next `<` (most bytes are not one).
                guard let next = UnsafeBufferPointer(rebasing: b[i..<(b.count - 3)]).firstIndex(of: lt) else { return nil }
                i += next
                if b[i + 1] == bang {
                    if b[i + 2] == dash && b[i + 3] == dash { return i + 4 }
                    if b[i + 2] == UInt8(ascii: "[") {
                        // <![CDATA[ … ]]>
                        var j = i + 3
                        while j + 2 < b.count, !(b[j] == UInt8(ascii: "]") && b[j + 1] == UInt8(ascii: "]") && b[j + 2] == UInt8(ascii: ">")) { j += 1 }
                        i = j + 3
                        continue
                    }
                }
                i += 1
            }
            return nil
        }
    }
}
