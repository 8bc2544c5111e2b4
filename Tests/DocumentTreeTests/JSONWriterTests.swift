import Testing
import FormIR
@testable import DocumentTree

@Suite struct JSONWriterTests {
    @Test func prettyLayout() {
        let node = Node.mapping([("a", .int(1)), ("b", .array([.bool(true), .null])), ("c", .mapping([])),
                                 ("d", .array([])), ("e", .double(2.5))])
        let text = String(decoding: JSONWriter.write(node), as: UTF8.self)
        #expect(text == """
        {
          "a": 1,
          "b": [
            true,
            null
          ],
          "c": {},
          "d": [],
          "e": 2.5
        }

        """)
        #expect(String(decoding: JSONWriter.write(node, pretty: false), as: UTF8.self)
                == #"{"a":1,"b":[true,null],"c":{},"d":[],"e":2.5}"#)
    }

    @Test func scalarsAndEscaping() {
        let node = Node.array([.string("q\"b\\s\n\t\u{1}é/"), .double(3), .double(0.1), .double(1e-7), .double(.infinity),
                               .int(Int.min), .int(1234567890), Node(.date("2024-01-02T03:04:05Z")), Node(.data([0, 1, 2, 255]))])
        let text = String(decoding: JSONWriter.write(node, pretty: false), as: UTF8.self)
        #expect(text == #"["q\"b\\s\n\t\u0001é/",3.0,0.1,1e-07,null,-9223372036854775808,1234567890,"2024-01-02T03:04:05Z","AAEC/w=="]"#)
    }

    @Test func roundTripsThroughTheReader() throws {
        let sample = Support.sample
        for pretty in [true, false] {
            var d = Diagnostics()
            let back = try JSONReader.parse(JSONWriter.write(sample, pretty: pretty), name: "rt", diagnostics: &d)
            #expect(back == sample)
            #expect(d.items.isEmpty)
        }
    }

    @Test func pythonReadsTheSameData() throws {
        let out = JSONWriter.write(Support.sample)
        // Python re-serialises canonically; our reader must agree with what Python understood.
        let canonical = try Python.run("import json,sys; print(json.dumps(json.loads(sys.stdin.buffer.read()), sort_keys=True))",
                                       input: out)
        var d = Diagnostics()
        let fromPython = try JSONReader.parse(Array(canonical.utf8), name: "py", diagnostics: &d)
        #expect(fromPython.toValue() == Support.sample.toValue())
    }
}
