import Foundation
import Testing
import FormIR
@testable import MMXML

/// An element's text as the reader reads it on the bytes, against what Foundation's reading gave:
/// trimmed as `trimmingCharacters(in: .whitespacesAndNewlines)`, base64 decoded as `Base64TextTests`
/// checks, not-UTF-8 bytes read as Windows-1252, positions after the leading white space in scalars.
@Suite struct MMXMLTextReadingTests {
    static func label(_ inner: String, attributes: String = "") throws -> (LocalizedText.Entry?, [Diagnostic]) {
        let (form, diagnostics) = try Support.read(Support.doc("<item name=\"a\" type=\"textField\"><label\(attributes)>\(inner)</label></item>"))
        return (form.field("a")?.texts.label?.entries.first, diagnostics)
    }

    @Test func textsAreTrimmedAsFoundationTrimsThem() throws {
        let texts = ["\u{3000} Prénom\u{00A0}", " \u{301}x ", "x \u{301}", "\u{200B}Nom\u{200B}", "\u{2028}日本\u{0085}",
                     "\u{00A0}", "  ", "é\u{301}\u{202F}", "\u{205F}a b\u{1680}"]
        for text in texts {
            let (entry, diagnostics) = try Self.label(text)
            #expect(entry?.text == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
            #expect(diagnostics.isEmpty, "\(text.debugDescription)")
        }
    }

    @Test func base64TextsDecodeAsBefore() throws {
        let encoded = Data("Coordonnées (IBAN)".utf8).base64EncodedString()
        for text in [encoded, "\u{3000}\(encoded)\u{00A0}", " \(encoded.prefix(8)) \u{301}\(encoded.dropFirst(8))\n"] {
            let (entry, diagnostics) = try Self.label(text, attributes: " encoding=\"base64\"")
            #expect(entry?.text == "Coordonnées (IBAN)", "\(text.debugDescription)")
            #expect(diagnostics.isEmpty, "\(text.debugDescription)")
        }
        let (empty, none) = try Self.label("  ", attributes: " encoding=\"base64\"")
        #expect(empty?.text == "" && none.isEmpty)
    }

    @Test func textsThatAreNotBase64AreKeptAsWrittenAndWarnedWhereTheyStart() throws {
        // The warning's column counts the leading white space in scalars (two, then the text).
        for text in ["\u{3000}\u{00A0}QU\u{301}JD", "\u{3000}\u{00A0}QUJD\u{200B}A", "\u{3000}\u{00A0}Q!=="] {
            let (entry, diagnostics) = try Self.label(text, attributes: " encoding=\"base64\"")
            #expect(entry?.text == text.trimmingCharacters(in: .whitespacesAndNewlines))
            let warning = try #require(diagnostics.first)
            #expect(warning.id == "mmxml.bad-base64")
            let line = Support.doc("<item name=\"a\" type=\"textField\"><label encoding=\"base64\">").split(separator: "\n", omittingEmptySubsequences: false)
                .firstIndex { $0.contains("<label") }.map { $0 + 1 }
            let column = "<item name=\"a\" type=\"textField\"><label encoding=\"base64\">".count + 1 + 2
            #expect(warning.location?.line == line)
            #expect(warning.location?.column == column, "\(text.debugDescription)")
        }
    }

    @Test func base64BytesThatAreNotUTF8AreWindows1252() throws {
        let encoded = Data([0x43, 0x61, 0x66, 0xE9]).base64EncodedString()
        let (entry, diagnostics) = try Self.label(encoded, attributes: " encoding=\"base64\"")
        #expect(entry?.text == "Café")
        #expect(diagnostics.map(\.id) == ["mmxml.text-not-utf8"])
    }

    @Test func typesAreTrimmedOnTheBytes() throws {
        let (form, diagnostics) = try Support.read(Support.doc("<item name=\"a\" type=\"\u{00A0}textField\u{3000}\"/><item name=\"b\" type=\"\u{00A0}\"/>"))
        #expect(form.field("a")?.kind == .text)
        #expect(form.field("b") == nil)
        #expect(diagnostics.map(\.id) == ["mmxml.missing-type"])
    }
}
