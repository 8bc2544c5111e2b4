/// Literal searches in UTF-8 bytes. They shadow Foundation's `contains` (an `NSString` range search,
/// half of `lint`'s time when detecting formats) for the ASCII needles format sniffing uses.
enum ByteSearch {
    static func contains(_ h: UnsafeBufferPointer<UInt8>, _ n: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = n.first else { return true }
        guard h.count >= n.count else { return false }
        var i = 0
        let last = h.count - n.count
        while i <= last {
            if h[i] == first {
                var k = 1
                while k < n.count && h[i + k] == n[k] { k += 1 }
                if k == n.count { return true }
            }
            i += 1
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
