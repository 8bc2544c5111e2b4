/// A deterministic byte mutator for fuzzing readers: the same seed gives the same inputs on every
/// machine, so a crash found once is found again.
public struct Mutator: Sendable {
    private var state: UInt64

    /// A mutator whose choices follow from `seed`: the same seed mutates the same way.
    public init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    /// splitmix64.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A pseudo-random number in `0..<n` (0 when `n` is at most 1).
    public mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }

    /// Tokens that matter to the formats' grammars, spliced in by `mutate`.
    static let tokens: [[UInt8]] = [
        "<", ">", "</", "/>", "&", "&amp;", "&#x0;", "\"", "'", "<!--", "-->", "<![CDATA[", "]]>", "<!DOCTYPE x [<!ENTITY a \"aaaa\">]>",
        "&a;", "{", "}", "[", "]", ":", ",", "\\u0000", "\\ud800", "- ", "? ", "*a", "&a ", "!!binary ", "---\n", "...\n",
        "==", "!=", " BT ", " LT ", " AND ", " OR ", "(", ")", "::", "$", ".isHidden", "BETWEEN {", "IN {",
        "\u{FEFF}", "\0", "\r\n", "\t", "9999999999999999999999", "-1", "1e308", "NaN", "YES", "NO",
        "bplist00", "<plist>", "<dict>", "<key>", "</dict>", "<array>", "<integer>", "<true/>",
    ].map { Array($0.utf8) }

    /// One to four random edits of `input`: bit flips, byte changes, deletions, duplications,
    /// truncation, token splices and splices from `other` (another corpus entry).
    public mutating func mutate(_ input: [UInt8], other: [UInt8]) -> [UInt8] {
        var b = input
        for _ in 0..<(1 + below(4)) {
            let at = below(b.count + 1)
            switch below(9) {
            case 0 where !b.isEmpty: b[min(at, b.count - 1)] ^= UInt8(1 << below(8))
            case 1 where !b.isEmpty: b[min(at, b.count - 1)] = UInt8(truncatingIfNeeded: next())
            case 2 where !b.isEmpty:
                let n = 1 + below(min(64, b.count))
                b.removeSubrange(min(at, b.count - n)..<min(at, b.count - n) + n)
            case 3 where !b.isEmpty:
                let start = below(b.count), n = 1 + below(min(256, b.count - start))
                b.insert(contentsOf: b[start..<start + n], at: at)
            case 4: b = Array(b.prefix(at))
            case 5, 6: b.insert(contentsOf: Mutator.tokens[below(Mutator.tokens.count)], at: at)
            case 7 where !other.isEmpty:
                let start = below(other.count), n = 1 + below(min(512, other.count - start))
                b.insert(contentsOf: other[start..<start + n], at: at)
            default:
                // Deep nesting: repeat an opening token many times.
                let open = [Array("<a>".utf8), Array("[".utf8), Array("{\"a\":".utf8), Array("- ".utf8), Array("(".utf8)][below(5)]
                let times = 50 + below(5000)
                b.insert(contentsOf: Array(repeating: open, count: times).joined(), at: at)
            }
        }
        return b
    }
}
