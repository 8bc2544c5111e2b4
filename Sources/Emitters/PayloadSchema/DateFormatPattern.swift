/// An NSDateFormatter pattern (`MM-dd-yyyy`) as an anchored ECMA-262 pattern over the text the legacy
/// app submits for a dateField with `<string>`. Name fields (`MMM`, `EEEE`, `a`) accept letters in any
/// language; the time zone fields accept a zone name or offset. `nil` for a field letter it does not know.
enum DateFormatPattern {
    static func regex(for format: String) -> String? {
        let s = Array(format)
        var out = "^"
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == "'" {
                if i + 1 < s.count, s[i + 1] == "'" { out += "'"; i += 2; continue }
                var j = i + 1
                while j < s.count, s[j] != "'" { out += escaped(s[j]); j += 1 }
                i = j + 1
                continue
            }
            guard c.isASCII, c.isLetter else { out += escaped(c); i += 1; continue }
            var n = 1
            while i + n < s.count, s[i + n] == c { n += 1 }
            guard let field = field(c, count: n) else { return nil }
            out += field
            i += n
        }
        return out + "$"
    }

    private static let names = "[A-Za-z\\u00C0-\\u024F\\u0370-\\u04FF.]+"

    private static func field(_ c: Character, count n: Int) -> String? {
        switch c {
        case "y", "u", "Y": return n == 2 ? "[0-9]{2}" : "[0-9]{\(max(n, 1)),}"
        case "M", "L":
            switch n {
            case 1: return "(?:0?[1-9]|1[0-2])"
            case 2: return "(?:0[1-9]|1[0-2])"
            default: return names
            }
        case "d": return n == 1 ? "(?:0?[1-9]|[12][0-9]|3[01])" : "(?:0[1-9]|[12][0-9]|3[01])"
        case "D": return "[0-9]{\(n),3}"
        case "H": return n == 1 ? "(?:[01]?[0-9]|2[0-3])" : "(?:[01][0-9]|2[0-3])"
        case "k": return n == 1 ? "(?:[1-9]|1[0-9]|2[0-4])" : "(?:0[1-9]|1[0-9]|2[0-4])"
        case "h": return n == 1 ? "(?:0?[1-9]|1[0-2])" : "(?:0[1-9]|1[0-2])"
        case "K": return n == 1 ? "(?:0?[0-9]|1[01])" : "(?:0[0-9]|1[01])"
        case "m", "s": return n == 1 ? "[0-5]?[0-9]" : "[0-5][0-9]"
        case "S": return "[0-9]{\(n)}"
        case "E", "a", "G", "c", "e":
            return (c == "e" || c == "c") && n <= 2 ? "[0-9]{1,2}" : names
        case "Z", "z", "X", "x", "O", "V": return "[A-Za-z0-9+\\-:/_]+"
        default: return nil
        }
    }

    private static func escaped(_ c: Character) -> String {
        "\\^$.|?*+()[]{}/".contains(c) ? "\\\(c)" : String(c)
    }
}
