import Testing
import Foundation
import DocumentTree

/// Windows-1252 texts read as Foundation reads them (`String.Encoding.windowsCP1252`), byte by byte,
/// with U+FFFD for the five bytes the code page leaves undefined.
@Suite struct Windows1252Tests {
    static func foundation(_ b: UInt8) -> String {
        String(data: Data([b]), encoding: .windowsCP1252) ?? "\u{FFFD}"
    }

    @Test func everyByteReadsAsFoundationReadsIt() {
        for b in 0...255 {
            let byte = UInt8(b)
            let expected = [0x81, 0x8D, 0x8F, 0x90, 0x9D].contains(b) ? "\u{FFFD}" : Self.foundation(byte)
            #expect(Windows1252.decode([byte]) == expected, "byte \(b)")
        }
    }

    @Test func mixedTextsDecodeWholeAndRoundTrip() {
        let bytes: [UInt8] = Array("caf".utf8) + [0xE9, 0x20, 0x80, 0x93, 0x94, 0x96, 0x97, 0x85, 0x20, 0xFF, 0x00, 0x41]
        let expected = bytes.map(Self.foundation).joined()
        #expect(Windows1252.decode(bytes) == expected)
        #expect(Windows1252.decode(bytes).unicodeScalars.count == bytes.count)
        #expect(Windows1252.encode(Windows1252.decode(bytes)) == bytes)
        #expect(Windows1252.decode([UInt8]()) == "")
    }
}
