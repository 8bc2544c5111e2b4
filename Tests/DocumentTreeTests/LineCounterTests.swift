import Testing
@testable import DocumentTree

/// `LineCounter` puts offsets where `XMLPositionCursor` does, in texts without `\r`, and a cursor that
/// resumes at a position counts on from there.
@Suite struct LineCounterTests {
    static let text: [UInt8] = {
        var s = ""
        for i in 0..<400 {
            s += String(repeating: " ", count: i % 7) + "<item n=\"\(i)\">é🙂\tü</item>"
            s += i % 3 == 0 ? "\n" : i % 5 == 0 ? "\n\n" : ""
        }
        return Array(s.utf8)
    }()

    @Test func countsAsTheCursorDoes() {
        Self.text.withUnsafeBufferPointer { text in
            var counter = LineCounter()
            var offsets: [Int] = []
            var i = 0
            while i < text.count {
                // Offsets at scalar starts, uneven steps.
                if text[i] & 0xC0 != 0x80 { offsets.append(i) }
                i += 1 + (i % 13)
            }
            for offset in offsets {
                let expected = XMLPositionCursor.locate(offset, in: text)
                let found = offset % 2 == 0 ? counter.position(of: offset, in: text) : {
                    counter.advance(to: offset, in: text)
                    return XMLPositionCursor.locate(offset, in: text)
                }()
                #expect(found == expected, "offset \(offset)")
            }
        }
    }

    @Test func aResumedCursorCountsOnFromItsPosition() {
        Self.text.withUnsafeBufferPointer { text in
            // The stretch from 1000 on, positioned as in the whole text, after a prefix of 10 bytes.
            let stretch = Array(text[..<10]) + Array(text[1000...])
            let start = XMLPositionCursor.locate(1000, in: text)
            stretch.withUnsafeBufferPointer { window in
                var cursor = XMLPositionCursor(for: window)
                cursor.resume(at: 10, line: start.line, column: start.column)
                #expect(cursor.move(to: 5, in: window) == XMLPositionCursor.locate(5, in: text))
                for k in stride(from: 10, to: window.count, by: 37) where window[k] & 0xC0 != 0x80 {
                    #expect(cursor.move(to: k, in: window) == XMLPositionCursor.locate(1000 + k - 10, in: text), "offset \(k)")
                }
            }
        }
    }
}
