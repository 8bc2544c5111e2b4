import Testing
@testable import DocumentTree

/// The escape test reads eight bytes a step: every character that needs an escape is found wherever
/// it stands in strings of every length around the word size.
@Suite struct JSONStreamWriterEscapeTests {
    /// The JSON text of `s` escaped byte by byte, the way the writer's slow path does.
    static func expected(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    static func written(_ s: String) -> String {
        var w = JSONStreamWriter(pretty: false, capacity: 1)
        w.string(s)
        return String(decoding: w.finish(), as: UTF8.self)
    }

    @Test func everyPositionAndLength() {
        for special in ["\"", "\\", "\n", "\u{1}", "\u{1F}"] {
            for length in 1...26 {
                for position in 0..<length {
                    var chars = Array(repeating: "a", count: length)
                    chars[position] = special
                    let s = chars.joined()
                    #expect(Self.written(s) == Self.expected(s), "\(length) \(position)")
                }
            }
        }
    }

    /// Bytes just beside the escaped ones (0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F) and non-ASCII text
    /// are written as they are.
    @Test func neighboursAreNotEscaped() {
        for s in [" !#[]\u{7F} !#[]\u{7F}", "éàü日本語テキスト ok", String(repeating: "~", count: 33), "aaaaaaa", "aaaaaaaa"] {
            #expect(Self.written(s) == "\"\(s)\"")
        }
    }

    /// Several escapes in one string, between runs of plain ASCII and non-ASCII bytes, at both ends
    /// and side by side.
    @Test func escapesBetweenRuns() {
        for s in ["\"a\\b\nc\u{1}d\"", "\n\n\t\"\\", "é\"日本\\語\u{1F}テ\u{7}", "plain text, then \"a quote\" and a tab\tend",
                  String(repeating: "ab\"", count: 40)] {
            #expect(Self.written(s) == Self.expected(s), "\(s.debugDescription)")
        }
    }
}
