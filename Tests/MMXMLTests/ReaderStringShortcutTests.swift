import Foundation
import Testing
import FormIR
@testable import MMXML

/// The reader's byte-level readings of ASCII text give what the Foundation and standard-library calls
/// they stand for give (those calls are the independent implementation here), for ASCII text and for
/// text that is not (white space beyond ASCII, combining marks next to the separators).
@Suite struct MMXMLReaderStringShortcutTests {
    static let texts = ["", "a", "2::key", "2:: key ", "::", ":::", "a::::b", "a::b::c", " 3 ::x", "caf\u{E9}::x",
                        "2::\u{301}x", "2:\u{301}:x", "\u{2003}2::x\u{2003}", "a,b", "a::b, c ,,d", "a.b", "a. b",
                        "a.  b", "a.-b", "a+b", " a + b ", "a+b+c", "a-b", "a - b-", "\u{E9}+b", "a\u{2003}+b",
                        "a+\u{301}b", "+5", "-", "a.", "Upper Left", "BOTTOM_right", "\u{C9}tats-Unis", "low\u{301}left"]

    @Test func twoPartsAreFoundationsComponents() {
        for text in Self.texts {
            let all = text.components(separatedBy: "::")
            let expected = all.count == 2 ? [all[0], all[1]] : nil
            #expect(ReadSession.twoParts(text).map { [$0.0, $0.1] } == expected, "\(text.debugDescription)")
        }
    }

    @Test func firstDoubleColonIsFoundationsRange() {
        for text in Self.texts {
            func offsets(_ r: Range<String.Index>?) -> [Int]? {
                r.map { [text.utf8.distance(from: text.startIndex, to: $0.lowerBound),
                         text.utf8.distance(from: text.startIndex, to: $0.upperBound)] }
            }
            #expect(offsets(ReadSession.firstDoubleColon(in: text)) == offsets(text.range(of: "::")), "\(text.debugDescription)")
        }
    }

    @Test func lowercasedLettersAreTheCharacterFilter() {
        for text in Self.texts {
            #expect(lowercasedLetters(text) == text.lowercased().filter { $0.isLetter }, "\(text.debugDescription)")
        }
    }

    /// `<buttonPosition>` read as with `lowercased()`, the `Character` filter and the `String` searches.
    @Test func buttonPositionsReadAsWithStringSearches() {
        func reference(_ text: String) -> (position: String, isLegacy: Bool)? {
            let s = text.lowercased().filter { $0.isLetter }
            if s == "default" || s.isEmpty { return s.isEmpty ? nil : ("up_left", false) }
            let legacy = s.contains("upper") || s.contains("bottom")
            let vertical: String
            if s.hasPrefix("upper") || s.hasPrefix("up") || s.hasPrefix("top") { vertical = "up" }
            else if s.hasPrefix("lower") || s.hasPrefix("low") || s.hasPrefix("bottom") || s.hasPrefix("down") { vertical = "low" }
            else { return nil }
            let horizontal: String
            if s.hasSuffix("left") { horizontal = "left" } else if s.hasSuffix("right") { horizontal = "right" } else { return nil }
            return ("\(vertical)_\(horizontal)", legacy)
        }
        let positions = Self.texts + ["Default", "up left", "UP_RIGHT", "upper-left", "top right", "low left", "Lower Right",
                                      "bottom_left", "down right", "downright", "upperright", "low", "right", "lef t", "le",
                                      "UP LEFT\u{301}", "up l\u{E9}ft", "\u{C9}up left", "bottomupperleft", "up\tleft"]
        for text in positions {
            let got = ButtonPosition.normalise(text), want = reference(text)
            #expect(got?.position == want?.position && got?.isLegacy == want?.isLegacy, "\(text.debugDescription)")
        }
    }

    @Test func sameLanguageIsLowercasedEquality() {
        let languages: [String?] = [nil, "", "en", "EN", "En", "fr", "fr_CA", "FR_ca", "FR-CA", "de", "\u{C9}N", "\u{E9}n",
                                    "e\u{301}n", "\u{130}", "i\u{307}", "stra\u{DF}e", "STRASSE", "en "]
        for a in languages {
            for b in languages {
                #expect(sameLanguage(a, b) == (a?.lowercased() == b?.lowercased()), "\(String(describing: a)) \(String(describing: b))")
            }
        }
    }

    /// `<evaluate>` read as the reader read it with Foundation's trims and splits.
    @Test func evaluationsReadAsWithFoundation() {
        func reference(_ text: String) -> Evaluation? {
            func isName(_ s: String) -> Bool { !s.isEmpty && !s.contains { $0.isWhitespace || $0 == "+" || $0 == "." || $0 == "," } }
            if let first = text.first, first == "+" || first == "-", let n = Int(text.dropFirst()), text.count > 1 {
                return .dateOffset(first == "-" ? -n : n)
            }
            if let dot = text.firstIndex(of: ".") {
                let a = text[..<dot].trimmingCharacters(in: .whitespaces)
                let rest = text[text.index(after: dot)...]
                let connector: String, b: String
                if rest.hasPrefix("  ") { (connector, b) = (" ", rest.dropFirst(2).trimmingCharacters(in: .whitespaces)) }
                else if rest.hasPrefix(" ") { (connector, b) = ("", rest.dropFirst().trimmingCharacters(in: .whitespaces)) }
                else if let c = rest.first { (connector, b) = (String(c), rest.dropFirst().trimmingCharacters(in: .whitespaces)) }
                else { return nil }
                return isName(a) && isName(b) ? .concatenate(a, connector: connector, b) : nil
            }
            for (op, make) in [("+", Evaluation.add), ("-", Evaluation.subtract)] {
                let parts = text.components(separatedBy: op)
                if parts.count == 2 {
                    let a = parts[0].trimmingCharacters(in: .whitespaces), b = parts[1].trimmingCharacters(in: .whitespaces)
                    if isName(a), isName(b) { return make(a, b) }
                }
            }
            return nil
        }
        for text in Self.texts + ["a.\u{2003}b", "a. \u{2003}b\u{2003}", "\u{2003}a\u{2003}+b"] {
            #expect(ReadSession.parseEvaluation(text) == reference(text), "\(text.debugDescription)")
        }
    }
}
