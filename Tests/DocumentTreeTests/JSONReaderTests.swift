import Testing
import FormIR
@testable import DocumentTree

@Suite struct JSONReaderTests {
    @Test func positionsOfNestedValues() throws {
        let text = """
        {
          "name": "Zoë",
          "items": [1, 2.5, {"é": true, "k": null}],
          "big": 123456789012345678901234
        }
        """
        let (root, d) = try Support.json(text)
        #expect(d.items.isEmpty)
        #expect(Support.at(root) == "1:1")
        #expect(Support.at(root["name"]) == "2:11")
        #expect(root["name"]?.stringValue == "Zoë")
        let items = try #require(root["items"]?.arrayValue)
        #expect(items.map(Support.at) == ["3:13", "3:16", "3:21"])
        #expect(items[0].kind == .int(1))
        #expect(items[1].kind == .double(2.5))
        // Columns count Unicode scalars: "é" is one column.
        #expect(Support.at(items[2]["k"]) == "3:38")
        #expect(items[2].mappingEntries?.first?.keyLocation.map { "\($0.line):\($0.column)" } == "3:22")
        #expect(root["big"]?.doubleValue == 123456789012345678901234.0)
        #expect(root.keys == ["name", "items", "big"])
    }

    @Test func stringEscapesAndSurrogatePairs() throws {
        let (root, d) = try Support.json(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u20AC", "\ud83d\ude00", "x\ud800y"]"#)
        let items = try #require(root.arrayValue)
        #expect(items[0].stringValue == "a\"b\\c/d\u{8}\u{c}\n\r\t")
        #expect(items[1].stringValue == "é€")
        #expect(items[2].stringValue == "😀")
        #expect(items[3].stringValue == "x\u{FFFD}y")
        #expect(d.items.map(\.id) == ["json.lone-surrogate"])
    }

    @Test func numbers() throws {
        let (root, _) = try Support.json("[0, -0, -7, 9223372036854775807, -9223372036854775808, 9223372036854775808, 1e3, 1.5E-2, -0.0]")
        let kinds = try #require(root.arrayValue).map(\.kind)
        #expect(kinds == [.int(0), .int(0), .int(-7), .int(Int.max), .int(Int.min), .double(9223372036854775808.0),
                          .double(1000), .double(0.015), .double(-0.0)])
    }

    /// A number beyond a double would read as infinity, which JSON cannot carry back: refused where it stands.
    @Test func numbersBeyondADoubleAreRefused() {
        #expect(Support.failure { try Support.json("[1,\n 2e308]") } == "json.number-range 2:2")
        #expect(Support.failure { try Support.json("-1e99999") } == "json.number-range 1:1")
        #expect(Support.failure { try Support.json("1e-99999") } == nil, "underflow to zero is fine")
    }

    @Test func byteOrderMarkIsSkipped() throws {
        var d = Diagnostics()
        let node = try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8), name: "b.json", diagnostics: &d)
        #expect(node["a"]?.intValue == 1)
        #expect(Support.at(node) == "1:1")
        #expect(Support.at(node["a"]) == "1:7")
    }

    @Test(arguments: [
        ("{\"a\": 1 \"b\": 2}", "json.syntax 1:9"),
        ("[1, 2\n  3]", "json.syntax 2:3"),
        ("{\"a\" 1}", "json.syntax 1:6"),
        ("{1: 2}", "json.syntax 1:2"),
        ("{\"a\": 1,}", "json.syntax 1:9"),
        ("[1,]", "json.syntax 1:4"),
        ("", "json.syntax 1:1"),
        ("  \n  ", "json.syntax 2:3"),
        ("[01]", "json.syntax 1:3"),
        ("[1.]", "json.syntax 1:4"),
        ("[-]", "json.syntax 1:3"),
        ("[tru]", "json.syntax 1:2"),
        ("\"abc", "json.syntax 1:5"),
        ("[\"a\tb\"]", "json.syntax 1:4"),
        ("[\"\\x\"]", "json.syntax 1:3"),
        ("[\"\\u12G4\"]", "json.syntax 1:3"),
        ("{} {}", "json.syntax 1:4"),
        ("{\"é\": [1, é]}", "json.syntax 1:11"),
    ])
    func syntaxErrorsCarryExactPositions(text: String, expected: String) {
        #expect(Support.failure { try Support.json(text) } == expected)
    }

    @Test func syntaxErrorMessage() {
        do {
            _ = try Support.json("{\"a\": 1 \"b\": 2}")
            Issue.record("expected a failure")
        } catch let f as ReadFailure {
            #expect(f.diagnostic.message == "expected ',' or '}' after object member")
            #expect(f.description == "t.json:1:9: error: expected ',' or '}' after object member [json.syntax]")
        } catch { Issue.record("\(error)") }
    }

    @Test func invalidUTF8IsReportedWithPosition() {
        let bad: [UInt8] = Array("{\n  \"k\": \"ab".utf8) + [0xC3, 0x28] + Array("\"}".utf8)
        var d = Diagnostics()
        #expect(Support.failure { try JSONReader.parse(bad, name: "u.json", diagnostics: &d) } == "json.invalid-utf8 2:11")
        // Overlong encoding and encoded surrogate are rejected too.
        #expect(Support.failure { try JSONReader.parse([0x22, 0xC0, 0xAF, 0x22], name: "u", diagnostics: &d) } == "json.invalid-utf8 1:2")
        #expect(Support.failure { try JSONReader.parse([0x22, 0xED, 0xA0, 0x80, 0x22], name: "u", diagnostics: &d) } == "json.invalid-utf8 1:2")
        #expect(Support.failure { try JSONReader.parse([0x5B, 0xFF, 0x5D], name: "u", diagnostics: &d) } == "json.invalid-utf8 1:2")
    }

    @Test func duplicateKeysKeepTheFirstAndContinue() throws {
        let (root, d) = try Support.json("{\"a\": 1,\n \"b\": 2,\n \"a\": 3}")
        #expect(root.keys == ["a", "b"])
        #expect(root["a"]?.intValue == 1)
        #expect(d.items.map(\.id) == ["json.duplicate-key"])
        #expect(d.items.first?.severity == .error)
        #expect(d.items.first.map { "\($0.location!.line):\($0.location!.column)" } == "3:2")
        #expect(d.items.first?.message.contains("first at 1:2") == true)
    }

    @Test func duplicateKeysInLargeObjects() throws {
        let members = (0..<40).map { "\"k\($0)\": \($0)" } + ["\"k7\": 0", "\"k39\": 0"]
        let (root, d) = try Support.json("{" + members.joined(separator: ", ") + "}")
        #expect(root.keys?.count == 40)
        #expect(root["k39"]?.intValue == 39)
        #expect(d.items.filter { $0.id == "json.duplicate-key" }.count == 2)
    }

    @Test func nestingDepthIsBounded() throws {
        let ok = String(repeating: "[", count: 50) + String(repeating: "]", count: 50)
        #expect(throws: Never.self) { try Support.json(ok, limits: ParseLimits(maxDepth: 50)) }
        let deep = String(repeating: "[", count: 51) + String(repeating: "]", count: 51)
        #expect(Support.failure { try Support.json(deep, limits: ParseLimits(maxDepth: 50)) } == "json.too-deep 1:51")
        // Far deeper than any call stack would allow: still a clean failure.
        let hostile = String(repeating: "{\"a\":", count: 200_000)
        #expect(Support.failure { try Support.json(hostile) } == "json.too-deep 1:1281")
    }

    @Test func largeSingleLineInputKeepsColumns() throws {
        let items = (0..<50_000).map { "{\"id\": \($0), \"name\": \"item \($0)\"}" }
        let text = "[" + items.joined(separator: ",") + "]"
        let (root, _) = try Support.json(text)
        let last = try #require(root.arrayValue?.last)
        #expect(last["id"]?.intValue == 49_999)
        let offset = text.utf8.count - items.last!.utf8.count - 1
        #expect(last.location?.column == offset + 1)
    }
}
