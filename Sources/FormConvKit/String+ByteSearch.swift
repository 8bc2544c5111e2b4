#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Literal searches in UTF-8 bytes. They shadow Foundation's `contains` (an `NSString` range search,
/// half of `lint`'s time when detecting formats) for the ASCII needles format sniffing uses.
enum ByteSearch {
    /// Whether the bytes `n` occur in `h`: libc `memchr` (vectorised) skips to each candidate first
    /// byte, the rest is compared in place.
    static func contains(_ h: UnsafeBufferPointer<UInt8>, _ n: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = n.first else { return true }
        guard h.count >= n.count, let hb = h.baseAddress else { return false }
        var i = 0
        let last = h.count - n.count
        while i <= last {
            guard let hit = memchr(hb + i, Int32(first), last - i + 1) else { return false }
            let at = hb.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            var k = 1
            while k < n.count && hb[at + k] == n[k] { k += 1 }
            if k == n.count { return true }
            i = at + 1
        }
        return false
    }
}

extension String {
    /// Whether the UTF-8 bytes of `needle` occur in the string's.
    func contains(_ needle: String) -> Bool {
        var haystack = self, needle = needle
        return haystack.withUTF8 { h in needle.withUTF8 { n in ByteSearch.contains(h, n) } }
    }
}

extension Substring {
    /// Whether the UTF-8 bytes of `needle` occur in the substring's.
    func contains(_ needle: String) -> Bool {
        var haystack = self, needle = needle
        return haystack.withUTF8 { h in needle.withUTF8 { n in ByteSearch.contains(h, n) } }
    }
}
