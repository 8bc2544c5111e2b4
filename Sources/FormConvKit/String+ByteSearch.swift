extension String {
    /// Literal search for `needle` in the UTF-8 bytes. Shadows Foundation's `contains` (an `NSString`
    /// range search, a quarter of `lint`'s time when detecting formats) for the ASCII needles used here.
    func contains(_ needle: String) -> Bool {
        var haystack = self, needle = needle
        return haystack.withUTF8 { h in
            needle.withUTF8 { n in
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
    }
}
