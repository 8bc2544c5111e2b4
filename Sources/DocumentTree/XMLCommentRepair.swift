#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// XML forbids `--` inside comments, but the suppression comments formconv documents
/// (`<!-- formconv-disable-next-line rule -- reason -->`) and hand-written forms use it; libxml2 itself
/// only recovers from it. XML readers pass their input through `repair` first: every `--` inside a
/// comment body becomes `- ` (same length, so line and column positions are unchanged).
enum XMLCommentRepair {
    static func repair(_ bytes: [UInt8]) -> [UInt8] {
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

    /// The index just past the next `<!--` at or after `from`, skipping CDATA sections. Looks for the
    /// `!` of `<!` (rare in XML) rather than for `<` (one per tag).
    private static func commentStart(in bytes: [UInt8], from: Int) -> Int? {
        bytes.withUnsafeBufferPointer { b in
            let n = b.count
            var i = from
            let lt = UInt8(ascii: "<"), bang = UInt8(ascii: "!"), dash = UInt8(ascii: "-")
            while i + 3 < n {
                // The next `<!` at k >= i with k + 3 < n: its `!` lies in i+1 ..< n-2.
                // libc `memchr` (vectorised) skips the bytes in between.
                guard let base = b.baseAddress, let hit = memchr(base + i + 1, Int32(bang), n - 3 - i) else { return nil }
                let j = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                let k = j - 1
                guard b[k] == lt else { i = j; continue }
                if b[k + 2] == dash && b[k + 3] == dash { return k + 4 }
                if b[k + 2] == UInt8(ascii: "[") {
                    // <![CDATA[ … ]]>
                    var m = k + 3
                    while m + 2 < n, !(b[m] == UInt8(ascii: "]") && b[m + 1] == UInt8(ascii: "]") && b[m + 2] == UInt8(ascii: ">")) { m += 1 }
                    i = m + 3
                    continue
                }
                i = k + 1
            }
            return nil
        }
    }
}
