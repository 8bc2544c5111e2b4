/// Escaping for every XML formconv writes (MM XML, ShinobiForms, XML plists): one place that knows
/// which characters XML 1.0 can hold and how text and attribute values are escaped.
public enum XMLEscaping {
    /// XML 1.0's `Char` production.
    static func isXMLCharacter(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Appends `s` escaped for element content, or for a double-quoted attribute value when `attribute`
    /// (where tabs and newlines are written as references so they survive attribute normalisation).
    /// Characters XML cannot hold become U+FFFD; returns how many were replaced.
    @discardableResult
    public static func escape(_ s: String, attribute: Bool = false, into out: inout [UInt8]) -> Int {
        var replaced = 0
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".utf8)
            case "<": out.append(contentsOf: "&lt;".utf8)
            case ">": out.append(contentsOf: "&gt;".utf8)
            case "\r": out.append(contentsOf: "&#13;".utf8)
            case "\"" where attribute: out.append(contentsOf: "&quot;".utf8)
            case "\n" where attribute: out.append(contentsOf: "&#10;".utf8)
            case "\t" where attribute: out.append(contentsOf: "&#9;".utf8)
            default:
                if scalar.value < 0x80 && isXMLCharacter(scalar) {
                    out.append(UInt8(scalar.value))
                } else if isXMLCharacter(scalar) {
                    out.append(contentsOf: String(scalar).utf8)
                } else {
                    out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    replaced += 1
                }
            }
        }
        return replaced
    }

    /// `s` escaped as `escape(_:attribute:into:)` does, with the count of replaced characters.
    public static func escaped(_ s: String, attribute: Bool = false) -> (text: String, replaced: Int) {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        let n = escape(s, attribute: attribute, into: &out)
        return (String(decoding: out, as: UTF8.self), n)
    }
}
