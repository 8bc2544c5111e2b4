import Foundation

/// The start of a document (its XML declaration), read as text on its bytes. A delimiter is found as
/// reading the bytes as a `String` finds it (invalid bytes read as U+FFFD):
/// - `isCharacter`, `hasCharacters`: an ASCII delimiter is a character of its own only when no
///   combining mark (or joiner, spacing mark) follows it and no prepended mark comes before it, as
///   `Character` comparison sees it (`encoding="utf-8"` followed by U+0301 ends with `"́`, not `"`);
/// - `firstMatch`: a match is followed by no mark that Foundation's `range(of:)` takes as part of it.
/// Both look at the scalars next to the delimiter only, and ask the standard library (Foundation, for
/// `firstMatch`) only when one of them is not ASCII: on a few bytes (a small string, no allocation).
struct XMLDeclarationBytes {
    private let bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    var count: Int { bytes.count }

    private func byte(_ k: Int) -> UInt8 { bytes[bytes.startIndex + k] }

    /// The bytes `range` as text.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[(bytes.startIndex + range.lowerBound)..<(bytes.startIndex + range.upperBound)], as: UTF8.self)
    }

    /// Whether the byte at `k` is one of `delimiters` (ASCII) and a character of its own in the text
    /// `range` (which its neighbours outside do not join).
    func isCharacter(_ k: Int, oneOf delimiters: StaticString, in range: Range<Int>) -> Bool {
        let c = byte(k)
        guard UnsafeBufferPointer(start: delimiters.utf8Start, count: delimiters.utf8CodeUnitCount).contains(c) else { return false }
        return standsAlone(k, in: range)
    }

    /// Whether `needle` (ASCII) is at `k`, each of its bytes a character of its own in the text `range`.
    func hasCharacters(_ needle: StaticString, at k: Int, in range: Range<Int>) -> Bool {
        let m = needle.utf8CodeUnitCount
        guard k + m <= range.upperBound else { return false }
        for n in 0..<m where byte(k + n) != needle.utf8Start[n] || !standsAlone(k + n, in: range) { return false }
        return true
    }

    /// Whether the ASCII byte at `k` forms a character by itself within `range`: grapheme breaks between
    /// it and the scalars next to it (only those two can join an ASCII character: the pair rules decide).
    /// An ASCII neighbour is a scalar of its own and never joins it (the one pair that joins, CR LF, has
    /// no delimiter in it); the standard library decides for any other.
    private func standsAlone(_ k: Int, in range: Range<Int>) -> Bool {
        let c = Unicode.Scalar(byte(k))
        if k > range.lowerBound, byte(k - 1) >= 0x80, let before = text(max(range.lowerBound, k - 4)..<k).unicodeScalars.last,
           !Self.breaks(before, c) { return false }
        if k + 1 < range.upperBound, byte(k + 1) >= 0x80, let after = text((k + 1)..<min(range.upperBound, k + 5)).unicodeScalars.first,
           !Self.breaks(c, after) { return false }
        return true
    }

    private static func breaks(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        var pair = String(a)
        pair.unicodeScalars.append(b)
        return pair.count == 2
    }

    /// The offset of the first `needle` (ASCII) within `range` that Foundation's `range(of:)` on the text
    /// would find: one not followed by a mark it takes as part of the match.
    func firstMatch(of needle: StaticString, in range: Range<Int>) -> Int? {
        let m = needle.utf8CodeUnitCount
        var k = range.lowerBound
        while k + m <= range.upperBound {
            var n = 0
            while n < m, byte(k + n) == needle.utf8Start[n] { n += 1 }
            // Followed by the end or an ASCII character (never part of a match), or found so by Foundation.
            if n == m, k + m == range.upperBound || byte(k + m) < 0x80 { return k }
            if n == m {
                // The match and what follows it, to 15 bytes (a small string).
                let probe = text(k..<min(range.upperBound, k + 15))
                let pattern = String(decoding: UnsafeBufferPointer(start: needle.utf8Start, count: m), as: UTF8.self)
                if probe.range(of: pattern)?.lowerBound == probe.startIndex { return k }
            }
            k += 1
        }
        return nil
    }

    /// Whether the bytes `range`, capitals lowered, are `expected` (lower-case ASCII).
    func asciiLowercased(_ range: Range<Int>, equals expected: StaticString) -> Bool {
        guard range.count == expected.utf8CodeUnitCount else { return false }
        for (n, k) in range.enumerated() {
            let c = byte(k)
            if (c >= 0x41 && c <= 0x5A ? c | 0x20 : c) != expected.utf8Start[n] { return false }
        }
        return true
    }
}
