import Foundation

/// Translates an NSRegularExpression (ICU) pattern into the ECMA-262 syntax JSON Schema's `pattern`
/// uses. Constructs with the same meaning are rewritten (`\A` → `^`, `\x{41}` → `\u0041`, `\Q…\E`
/// quoting, `(?#…)` comments, named groups); those ECMA-262 lacks or reads differently (possessive
/// quantifiers, atomic groups, inline flags, Unicode properties, set operations and POSIX classes in
/// brackets) are returned as problems, and the caller reports the pattern as a loss.
package enum ECMARegex {
    package struct Translation: Equatable {
        /// The ECMA-262 pattern, `nil` when a problem prevents it.
        package var pattern: String?
        /// One phrase per construct that could not be carried.
        package var problems: [String]

        /// A translation: the pattern (`nil` when a problem prevents it) and the problems found.
        package init(pattern: String?, problems: [String]) {
            self.pattern = pattern
            self.problems = problems
        }
    }

    package static func translate(_ icu: String) -> Translation {
        if (try? NSRegularExpression(pattern: icu)) == nil {
            return Translation(pattern: nil, problems: ["it is not a valid NSRegularExpression"])
        }
        var scanner = Scanner(Array(icu.unicodeScalars))
        scanner.run()
        let problems = scanner.problems.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return Translation(pattern: problems.isEmpty ? scanner.out : nil, problems: problems)
    }

    private struct Scanner {
        let s: [Unicode.Scalar]
        var i = 0
        var out = ""
        var problems: [String] = []
        /// The last token written outside a class was a quantifier (so a following `+` is possessive).
        var afterQuantifier = false

        init(_ s: [Unicode.Scalar]) { self.s = s }

        func peek(_ k: Int = 0) -> Unicode.Scalar? { i + k < s.count ? s[i + k] : nil }

        mutating func run() {
            while let c = peek() {
                switch c {
                case "\\":
                    afterQuantifier = false
                    escape(inClass: false)
                case "[":
                    afterQuantifier = false
                    bracket()
                case "(":
                    afterQuantifier = false
                    group()
                case "*", "+", "?":
                    if c == "+" && afterQuantifier { problems.append("possessive quantifiers"); i += 1; continue }
                    if c == "?" && afterQuantifier { out += "?"; i += 1; afterQuantifier = false; continue }
                    out.unicodeScalars.append(c); i += 1; afterQuantifier = true
                case "{":
                    if let close = interval() { out += close; afterQuantifier = true }
                    else { out += "\\{"; i += 1; afterQuantifier = false }
                default:
                    out.unicodeScalars.append(c); i += 1; afterQuantifier = false
                }
            }
        }

        /// `{n}`, `{n,}`, `{n,m}` at `i`: the text, consumed; `nil` when `{` is a literal.
        mutating func interval() -> String? {
            var j = i + 1
            var text = "{"
            var sawDigit = false
            while j < s.count, s[j] != "}" {
                guard s[j].properties.numericType != nil && s[j].isASCII || s[j] == "," else { return nil }
                if s[j] != "," { sawDigit = true }
                text.unicodeScalars.append(s[j]); j += 1
            }
            guard j < s.count, sawDigit else { return nil }
            i = j + 1
            return text + "}"
        }

        mutating func group() {
            i += 1
            guard peek() == "?" else { out += "("; return }
            let next = peek(1)
            switch next {
            case ":", "=", "!":
                out += "(?"; out.unicodeScalars.append(next!); i += 2
            case "<" where peek(2) == "=" || peek(2) == "!":
                out += "(?<"; out.unicodeScalars.append(peek(2)!); i += 3
            case "<", "P", "'":
                // Named group: kept as a plain capturing group (numbering is unchanged).
                let close: Unicode.Scalar = next == "'" ? "'" : ">"
                var j = i + 2
                if next == "P" { j += 1 }
                while j < s.count, s[j] != close { j += 1 }
                i = j + 1
                out += "("
            case "#":
                var j = i + 2
                while j < s.count, s[j] != ")" { j += 1 }
                i = j + 1
            case ">":
                problems.append("atomic groups (?>…)"); out += "(?:"; i += 2
            default:
                problems.append("inline flags (?…)"); out += "(?:"
                while let c = peek(), c != ")" && c != ":" { i += 1 }
                if peek() == ":" { i += 1 } else { i += 1; out.removeLast(3) }
            }
        }

        mutating func bracket() {
            out += "["
            i += 1
            if peek() == "^" { out += "^"; i += 1 }
            if peek() == "]" { out += "\\]"; i += 1 }
            while let c = peek(), c != "]" {
                switch c {
                case "\\": escape(inClass: true)
                case "[":
                    problems.append("nested sets or POSIX classes in brackets"); out += "\\["; i += 1
                case "&" where peek(1) == "&":
                    problems.append("set intersection (&&)"); i += 2
                default: out.unicodeScalars.append(c); i += 1
                }
            }
            out += "]"
            i += 1
        }

        mutating func escape(inClass: Bool) {
            guard let c = peek(1) else { out += "\\\\"; i += 1; return }
            i += 2
            switch c {
            case "A": if inClass { problems.append("\\A in a set") } else { out += "^" }
            case "z", "Z": if inClass { problems.append("\\\(c) in a set") } else { out += "$" }
            case "Q":
                while i < s.count {
                    if s[i] == "\\", peek(1) == "E" { i += 2; return }
                    literal(s[i]); i += 1
                }
            case "E": break
            case "e": out += "\\x1B"
            case "a": out += "\\x07"
            case "x":
                if peek() == "{" {
                    var hex = ""
                    while let h = peek(1), h != "}" { hex.unicodeScalars.append(h); i += 1 }
                    i += 2
                    codePoint(UInt32(hex, radix: 16))
                } else { out += "\\x" }
            case "U":
                let hex = String(String.UnicodeScalarView(s[i..<min(i + 8, s.count)]))
                i = min(i + 8, s.count)
                codePoint(UInt32(hex, radix: 16))
            case "0":
                var oct = ""
                while oct.count < 3, let d = peek(), ("0"..."7").contains(d) { oct.unicodeScalars.append(d); i += 1 }
                codePoint(oct.isEmpty ? 0 : UInt32(oct, radix: 8))
            case "p", "P": problems.append("Unicode properties \\\(c){…}"); skipBraces()
            case "N": problems.append("named characters \\N{…}"); skipBraces()
            case "X", "G", "h", "H", "R", "K", "V":
                problems.append("\\\(c), which ECMA-262 lacks")
            case "k": problems.append("named back references \\k<…>"); skipBraces()
            default:
                // ECMA-262's Unicode mode accepts identity escapes of syntax characters and `/` only
                // (and `-` in a set): other escaped punctuation is written as the plain character.
                let keep = (c.isASCII && c.properties.isAlphabetic) || ("0"..."9").contains(c)
                    || "^$\\.*+?()[]{}|/".unicodeScalars.contains(c) || (inClass && c == "-")
                if keep { out += "\\" }
                out.unicodeScalars.append(c)
            }
        }

        mutating func skipBraces() {
            guard peek() == "{" || peek() == "<" else { return }
            while let c = peek(), c != "}" && c != ">" { i += 1 }
            i += 1
        }

        mutating func codePoint(_ v: UInt32?) {
            guard let v, v <= 0xFFFF else { problems.append("characters beyond U+FFFF"); return }
            let hex = String(v, radix: 16, uppercase: true)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }

        mutating func literal(_ c: Unicode.Scalar) {
            if "\\^$.|?*+()[]{}/".unicodeScalars.contains(c) { out += "\\" }
            out.unicodeScalars.append(c)
        }
    }
}
