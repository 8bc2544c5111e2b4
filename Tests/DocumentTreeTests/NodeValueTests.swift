import Testing
import FormIR
@testable import DocumentTree

@Suite struct NodeValueTests {
    @Test func accessors() throws {
        let (root, _) = try Support.json(#"{"s": "x", "b": true, "i": 4, "d": 4.0, "f": 4.5, "a": [1], "m": {"k": null}}"#)
        #expect(root["s"]?.stringValue == "x")
        #expect(root["b"]?.boolValue == true)
        #expect(root["i"]?.intValue == 4)
        #expect(root["d"]?.intValue == 4)
        #expect(root["f"]?.intValue == nil)
        #expect(root["i"]?.doubleValue == 4)
        #expect(root["a"]?[0]?.intValue == 1)
        #expect(root["a"]?[5] == nil)
        #expect(root["m"]?["k"]?.isNull == true)
        #expect(root["missing"] == nil)
        #expect(root["s"]?["x"] == nil)
        #expect(root["a"]?.typeName == "an array")
        #expect(root.typeName == "a mapping")
        #expect(root["m"]?.mappingEntries?.count == 1)
    }

    @Test func valueConversions() {
        let value = Value.object(["z": .int(1), "a": .array([.reference(":self"), .data("AAEC"), .date("2024-01-01T00:00:00Z")]),
                                  "m": .object(["y": .null, "x": .double(1.5)])])
        let node = Node(value: value)
        #expect(node.keys == ["a", "m", "z"])
        #expect(node["m"]?.keys == ["x", "y"])
        #expect(node["a"]?[0]?.stringValue == ":self")
        #expect(node["a"]?[1]?.dataValue == [0, 1, 2])
        #expect(node["a"]?[2]?.dateValue == "2024-01-01T00:00:00Z")
        // Back: references become strings, everything else survives.
        let back = node.toValue()
        #expect(back.objectValue?["a"]?.arrayValue?[0] == .string(":self"))
        #expect(back.objectValue?["a"]?.arrayValue?[1] == .data("AAEC"))
        #expect(back.objectValue?["m"] == value.objectValue?["m"])
    }

    @Test func base64() {
        for n in 0..<10 {
            let bytes = (0..<n).map { UInt8($0 * 37 % 256) }
            #expect(Base64.decode(Base64.encode(bytes).utf8) == bytes)
        }
        #expect(Base64.encode(Array("Man".utf8)) == "TWFu")
        #expect(Base64.decode("TW\nFu".utf8) == Array("Man".utf8))
        #expect(Base64.decode("T!Fu".utf8) == nil)
    }
}

@Suite struct DocumentSyntaxTests {
    @Test func everySyntaxRoundTripsThroughItsOwnReader() throws {
        #expect(DocumentSyntax(pathExtension: "YML") == .yaml)
        #expect(DocumentSyntax(pathExtension: "xml") == nil)
        for syntax in DocumentSyntax.allCases {
            var d = Diagnostics()
            let back = try syntax.parse(try syntax.write(Support.sample), name: "s", diagnostics: &d)
            if syntax == .plist {
                #expect(back["control"]?.stringValue == "tab\there\u{FFFD}")
            } else {
                #expect(back == Support.sample)
            }
        }
    }
}
