import Testing
import FormConvTestSupport
import Foundation
@testable import DocumentTree

/// `XMLEncodingCheck.isUTF8Document` and `XMLSourceText.declaredEncoding` read the declaration on the
/// bytes; they must answer as the readings through `String` did (kept here as `stringReading`,
/// `stringEncoding`), combining marks and all, on every input.
@Suite struct XMLEncodingDeclarationTests {
    /// The reading before: the first 256 bytes decoded, delimiters as `String`/`Character` find them.
    static func stringReading(_ bytes: [UInt8]) -> Bool {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) { return false }
        let head = String(decoding: bytes.prefix(256), as: UTF8.self)
        guard head.hasPrefix("<?xml") || head.hasPrefix("\u{FEFF}<?xml"), let end = head.range(of: "?>") else { return true }
        let declaration = head[..<end.lowerBound]
        guard let r = declaration.range(of: "encoding") else { return true }
        let rest = declaration[r.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
        let name = rest.prefix { $0 != "\"" && $0 != "'" && $0 != " " }.lowercased()
        return name == "utf-8" || name == "utf8"
    }

    /// `XMLSourceText.declaredEncoding` before: the same, up to the first `>`.
    static func stringEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let head = Array(bytes.prefix(200))
        guard let end = head.firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let decl = String(decoding: head[..<end], as: UTF8.self)
        guard let r = decl.range(of: "encoding") else { return nil }
        let rest = decl[r.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" || $0 == "\t" }
        let name = rest.prefix { $0 != "\"" && $0 != "'" && $0 != " " && $0 != "?" }.lowercased()
        return name.isEmpty ? nil : name
    }

    /// Scalars that join, or might join, the character before or after them, and bytes that are not UTF-8.
    static let odd: [[UInt8]] = {
        let scalars: [UInt32] = [0x301, 0x300, 0x338, 0x34F, 0x200D, 0x200C, 0x200B, 0xAD, 0x903, 0x93E, 0x600, 0x605, 0x110BD,
                                 0x1F3FB, 0xFE0F, 0x897, 0xCC0, 0xCC2, 0xFF9E, 0xE0020, 0x1F1E6, 0x1100, 0x1161, 0xFFFD, 0xFEFF,
                                 0xE9, 0x212A, 0x130, 0x226F, 0x2260, 0x37E, 0x1D167, 0x20DD]
        var all = scalars.map { Array(String(Unicode.Scalar($0)!).utf8) }
        all += [[0xE9], [0xC3], [0xE2, 0x82], [0xF0, 0x9F], [0x80], [0xFF], [0x0D], [0x09], [0x0A]]
        return all
    }()

    static let pieces: [[UInt8]] = ["<?xml", " version=\"1.0\"", " encoding", "=", " ", "\"", "'", "utf-8", "UTF-8", "utf8",
                                    "Utf8", "latin1", "iso-8859-1", "LATIN-1", "\t", "?>", "?", ">", "<r/>", "encoding=\"utf-8\"", " standalone='no'"]
        .map { Array($0.utf8) }

    static func same(_ bytes: [UInt8]) -> Bool {
        XMLEncodingCheck.isUTF8Document(bytes) == stringReading(bytes)
            && XMLSourceText.declaredEncoding(bytes) == stringEncoding(bytes)
    }

    @Test func declarationsWithMarksAtEveryDelimiterReadAsBefore() {
        let base = Array("<?xml version=\"1.0\" encoding=\"utf-8\" standalone='no'?><r/>".utf8)
        var differing: [[UInt8]] = []
        for prefix in [[], [0xEF, 0xBB, 0xBF]] as [[UInt8]] {
            for cut in 0...base.count {
                for mark in Self.odd {
                    let bytes = prefix + base[..<cut] + mark + base[cut...]
                    if !Self.same(bytes) { differing.append(bytes) }
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    @Test func everyScalarOfTheMarkRangesAfterEachDelimiter() {
        let ranges: [ClosedRange<UInt32>] = [0x80...0x36F, 0x483...0x489, 0x591...0x5C7, 0x600...0x61C, 0x64B...0x65F,
                                             0x900...0xDFF, 0x1100...0x11FF, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF,
                                             0x200B...0x206F, 0x20D0...0x20FF, 0xFE00...0xFE2F, 0xFF9E...0xFF9F,
                                             0x110BD...0x110BD, 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F]
        let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
        // After `<?xml`, before and after `encoding`, the `=`, each quote and the name, `?>`.
        let cuts = [5, 19, 20, 28, 29, 30, 35, 36, 37, 38].map { declaration.utf8.index(declaration.utf8.startIndex, offsetBy: $0) }
        var differing: [String] = []
        for range in ranges {
            for v in range {
                guard let scalar = Unicode.Scalar(v) else { continue }
                for cut in cuts {
                    let bytes = Array(declaration.utf8[..<cut]) + Array(String(scalar).utf8) + Array(declaration.utf8[cut...]) + Array("<r/>".utf8)
                    if !Self.same(bytes) { differing.append("U+\(String(v, radix: 16)) at \(declaration.utf8.distance(from: declaration.utf8.startIndex, to: cut))") }
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }

    @Test func generatedDeclarationsReadAsBefore() {
        var numbers = SplitMix64(seed: 41)
        var differing: [[UInt8]] = []
        for _ in 0..<20_000 {
            var bytes: [UInt8] = numbers.next(4) == 0 ? [0xEF, 0xBB, 0xBF] : []
            if numbers.next(8) != 0 { bytes += Array("<?xml".utf8) }
            for _ in 0..<numbers.next(12) {
                bytes += numbers.next(3) == 0 ? Self.odd[numbers.next(Self.odd.count)] : Self.pieces[numbers.next(Self.pieces.count)]
            }
            // Near the 256-byte window, a scalar may be cut.
            if numbers.next(6) == 0 { bytes = Array(repeating: UInt8(ascii: " "), count: 200 + numbers.next(60)) + bytes }
            if numbers.next(6) == 0, !bytes.isEmpty { bytes.insert(contentsOf: Array(repeating: UInt8(ascii: " "), count: 230 + numbers.next(30)), at: numbers.next(bytes.count)) }
            if !Self.same(bytes) { differing.append(bytes) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// What the byte reading takes for granted: an ASCII character after `?>` or `encoding` leaves the
    /// match to Foundation's search, and never joins the character before it (CR LF aside).
    @Test func asciiFollowersNeverJoinAMatch() {
        for v in UInt8(0)..<0x80 {
            let x = String(UnicodeScalar(v))
            for needle in ["?>", "encoding", "\"", "'", " ", "="] {
                #expect((needle + x).range(of: needle)?.lowerBound == (needle + x).startIndex)
                #expect((needle + x).count == needle.count + 1)
                #expect((x + needle).count == needle.count + 1)
            }
        }
    }

    @Test func plainDeclarations() {
        #expect(XMLEncodingCheck.isUTF8Document(Array("<r/>".utf8)))
        #expect(XMLEncodingCheck.isUTF8Document(Array("<?xml version=\"1.0\" encoding='UTF-8'?><r/>".utf8)))
        #expect(!XMLEncodingCheck.isUTF8Document(Array("<?xml version=\"1.0\" encoding=\"latin1\"?><r/>".utf8)))
        #expect(!XMLEncodingCheck.isUTF8Document(Array("\u{FEFF}<?xml version=\"1.0\" encoding=\"iso-8859-1\"?><r/>".utf8)))
        // The closing quote joined by a combining mark: the name runs on, and is not UTF-8.
        #expect(!XMLEncodingCheck.isUTF8Document(Array("<?xml version=\"1.0\" encoding=\"utf-8\"\u{301} ?><r/>".utf8)))
        #expect(!XMLEncodingCheck.isUTF8Document([0xFF, 0xFE, 0x3C, 0x00]))
        #expect(XMLSourceText.declaredEncoding(Array("<?xml version='1.0' encoding =\t'ISO-8859-1'?><r/>".utf8)) == "iso-8859-1")
        #expect(XMLSourceText.declaredEncoding(Array("<?xml version='1.0' encoding='Lätin'?><r/>".utf8)) == "lätin")
        #expect(XMLSourceText.declaredEncoding(Array("<?xml version='1.0'?><r encoding='latin1'/>".utf8)) == nil)
    }
}
