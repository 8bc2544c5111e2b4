import Testing
import FormIR
@testable import DocumentTree

@Suite struct JSONFittedWriterTests {
    static func write(_ node: Node, width: Int) -> String {
        String(decoding: JSONFittedWriter.write(node, width: width), as: UTF8.self)
    }

    @Test func whatFitsStaysOnItsLine() {
        let node = Node.mapping([("a", .int(1)), ("b", .array([.bool(true), .null])), ("c", .mapping([])), ("d", .double(2.5))])
        #expect(Self.write(node, width: 100) == #"{"a": 1, "b": [true, null], "c": {}, "d": 2.5}"# + "\n")
        #expect(Self.write(node, width: 20) == """
        {
          "a": 1,
          "b": [true, null],
          "c": {},
          "d": 2.5
        }

        """)
    }

    /// The width counts Unicode scalars and the comma that follows a value.
    @Test func widthCountsScalarsAndTheComma() {
        let node = Node.mapping([("k", .array([.string("ééééé")])), ("z", .int(0))])
        // `  "k": ["ééééé"],` is 17 columns (22 bytes).
        #expect(Self.write(node, width: 17).contains("\n  \"k\": [\"ééééé\"],\n"))
        #expect(Self.write(node, width: 16).contains("\n  \"k\": [\n    \"ééééé\"\n  ],\n"))
    }

    @Test func recordsThatDoNotFitAreHugged() {
        let record = { (id: String) in Node.mapping([("id", .string(id)), ("kind", .string("text")), ("at", .string("9:7"))]) }
        let node = Node.mapping([("fields", .array([record("first"), record("second")])),
                                 ("options", .array([.mapping([("value", .int(1)), ("at", .string("3:4"))])])),
                                 ("then", .array([.mapping([("evaluate", .mapping([("raw", .string("long enough to break"))]))])]))])
        #expect(Self.write(node, width: 44) == """
        {
          "fields": [{
            "id": "first",
            "kind": "text",
            "at": "9:7"
          }, {
            "id": "second",
            "kind": "text",
            "at": "9:7"
          }],
          "options": [{"value": 1, "at": "3:4"}],
          "then": [
            {
              "evaluate": {
                "raw": "long enough to break"
              }
            }
          ]
        }

        """)
    }

    @Test func scalarsAsTheStreamWriterWritesThem() {
        let node = Node.array([.string("q\"b\\s\n\t\u{1}é/"), .double(3), .double(1e-7), .double(.infinity), .int(Int.min),
                               Node(.date("2024-01-02T03:04:05Z")), Node(.data([0, 1, 2, 255]))])
        #expect(Self.write(node, width: 200)
                == #"["q\"b\\s\n\t\u0001é/", 3.0, 1e-07, null, -9223372036854775808, "2024-01-02T03:04:05Z", "AAEC/w=="]"# + "\n")
    }

    @Test func readsBackAsTheSameTree() throws {
        for width in [0, 40, 100, 1000] {
            var d = Diagnostics()
            let back = try JSONReader.parse(JSONFittedWriter.write(Support.sample, width: width), name: "rt", diagnostics: &d)
            #expect(back == Support.sample)
            #expect(d.items.isEmpty)
        }
    }
}
