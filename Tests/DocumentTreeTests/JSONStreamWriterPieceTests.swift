import Testing
@testable import DocumentTree

/// Each piece of the JSON text (a line break and a key, a quoted string, a scalar) is written in place
/// in one step, into room asked for first: the pieces are the bytes written a step at a time, into
/// either kind of output.
@Suite struct JSONStreamWriterPieceTests {
    static let strings = ["", "plain", "q\"b", "a\\b", "tab\there", "nl\n", "\u{1}\u{1F}", "é日本\u{7}",
                          String(repeating: "ab\"\n", count: 50)]

    /// A string quoted into a growing byte array is the same as into the writer's buffer, and the same
    /// as the escapes spelled out by hand (`JSONStreamWriterEscapeTests.expected`).
    @Test func quotedIntoEitherOutput() {
        for s in Self.strings {
            var array: [UInt8] = [UInt8(ascii: "x")]
            JSONStreamWriter.appendQuoted(s, to: &array)
            #expect(array == Array(("x" + JSONStreamWriterEscapeTests.expected(s)).utf8), "\(s.debugDescription)")
            var bytes = JSONBytes(capacity: 1)
            bytes.append(UInt8(ascii: "x"))
            JSONStreamWriter.appendQuoted(s, to: &bytes)
            #expect(bytes.bytes == array)
        }
    }

    /// A key that needs escapes, then its value, in an object and nested: quoted and escaped, `:` and
    /// (pretty output) a space, each after the line break of its depth.
    @Test(arguments: [true, false]) func escapedKeys(_ pretty: Bool) {
        var w = JSONStreamWriter(pretty: pretty, capacity: 1)
        w.beginObject()
        for (i, s) in Self.strings.enumerated() {
            w.key(s + "\(i)")
            w.beginArray()
            w.string(s)
            w.bool(true)
            w.endArray()
        }
        w.endObject()
        var expected = "{"
        for (i, s) in Self.strings.enumerated() {
            if i > 0 { expected += "," }
            if pretty { expected += "\n  " }
            expected += JSONStreamWriterEscapeTests.expected(s + "\(i)") + (pretty ? ": " : ":") + "["
            expected += pretty ? "\n    " : ""
            expected += JSONStreamWriterEscapeTests.expected(s) + ","
            expected += pretty ? "\n    true\n  ]" : "true]"
        }
        expected += pretty ? "\n}\n" : "}"
        #expect(String(decoding: w.finish(), as: UTF8.self) == expected)
    }

    /// A line break's length is the bytes it writes, at every depth, with and without a comma.
    @Test func leadLengthIsWhatItWrites() {
        for pretty in [true, false] {
            for comma in [true, false] {
                for depth in [0, 1, 31, 32, 33, 100] {
                    for lineBreak in [true, false] {
                        let lead = JSONStreamWriter.Lead(lineBreak: lineBreak, comma: comma, pretty: pretty, depth: depth)
                        var out: [UInt8] = []
                        out.write(atMost: lead.count + 8) { lead.put(at: $0) }
                        var expected = ""
                        if lineBreak {
                            if comma { expected += "," }
                            if pretty { expected += "\n" + String(repeating: " ", count: 2 * depth) }
                        }
                        #expect(out == Array(expected.utf8))
                        #expect(out.count == lead.count)
                    }
                }
            }
        }
    }
}
