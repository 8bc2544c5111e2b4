import Testing
import Foundation
import FormIR
@testable import DocumentTree

/// The streaming writer and the tree builder agree with `JSONWriter` on the same document.
@Suite struct JSONStreamWriterTests {
    /// Describes `Support.sample`-like content call by call.
    static func describe<S: DocumentSink>(into s: inout S) {
        s.beginObject()
        s.key("name"); s.string("q\"b\\s\n\t\u{1}é/")
        s.key("list")
        s.beginArray()
        s.int(0); s.int(-42); s.int(Int.min); s.int(Int.max); s.double(2.5); s.double(.nan); s.bool(false); s.null()
        s.beginObject(); s.endObject()
        s.beginArray(); s.endArray()
        s.beginArray(); s.beginObject(); s.key("deep"); s.beginArray(); s.string(""); s.endArray(); s.endObject(); s.endArray()
        s.endArray()
        s.key("tree"); s.node(Node.mapping([("d", Node(.date("2024-01-02"))), ("b", Node(.data([0, 1, 255])))]))
        s.key("empty"); s.beginObject(); s.endObject()
        s.endObject()
    }

    @Test(arguments: [true, false]) func matchesTheTreeWriter(_ pretty: Bool) throws {
        var builder = NodeBuilder()
        Self.describe(into: &builder)
        let tree = try #require(builder.root)
        // Capacity 1: every token makes the writer grow.
        var stream = JSONStreamWriter(pretty: pretty, capacity: 1)
        Self.describe(into: &stream)
        #expect(stream.finish() == JSONWriter.write(tree, pretty: pretty))
    }

    @Test func builderKeepsOrderAndKinds() throws {
        var builder = NodeBuilder()
        Self.describe(into: &builder)
        let tree = try #require(builder.root)
        #expect(tree.keys == ["name", "list", "tree", "empty"])
        #expect(tree["tree"]?["d"]?.dateValue == "2024-01-02")
        #expect(tree["tree"]?["b"]?.dataValue == [0, 1, 255])
        #expect(tree["list"]?[10]?[0]?["deep"]?[0]?.stringValue == "")
    }

    @Test func scalarDocuments() {
        var s = JSONStreamWriter(pretty: true)
        s.string("x")
        #expect(s.finish() == Array("\"x\"\n".utf8))
        var n = JSONStreamWriter(pretty: false)
        n.int(-7)
        #expect(n.finish() == Array("-7".utf8))
    }

    /// Integers are their decimal text (the standard library's): every digit count, both signs, the ends.
    @Test func integersInDecimal() {
        var values = [0, Int.min, Int.max, Int.min + 1]
        var p = 1
        for _ in 0..<19 {
            values += [p, p - 1, -p, 1 - p]
            p = p.multipliedReportingOverflow(by: 10).partialValue
        }
        for i in values {
            var w = JSONStreamWriter(pretty: false, capacity: 1)
            w.int(i)
            #expect(String(decoding: w.finish(), as: UTF8.self) == String(i))
        }
    }

    /// Pretty output indents two spaces a level at every depth.
    @Test func indentationAtEveryDepth() {
        let depth = 70
        var w = JSONStreamWriter(pretty: true, capacity: 1)
        for _ in 0..<depth { w.beginArray() }
        w.int(1)
        for _ in 0..<depth { w.endArray() }
        let lines = String(decoding: w.finish(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 * depth + 2)
        for k in 0..<depth {
            #expect(lines[k] == String(repeating: " ", count: 2 * k) + "[")
            #expect(lines[depth + 1 + k] == String(repeating: " ", count: 2 * (depth - 1 - k)) + "]")
        }
        #expect(lines[depth] == String(repeating: " ", count: 2 * depth) + "1")
        #expect(lines[2 * depth + 1] == "")
    }

    /// Objects nested `depth` deep, each with two keys, the keys written as constants or as text.
    static func nested<S: DocumentSink>(_ depth: Int, constant: Bool, into s: inout S) {
        func key(_ k: StaticString) { if constant { s.key(constant: k) } else { s.key(k.description) } }
        for _ in 0..<depth {
            s.beginObject()
            key("first.key"); s.string("v")
            key("x-formconv-value")
        }
        s.beginObject(); s.endObject()
        for _ in 0..<depth { s.endObject() }
    }

    /// A constant key is written as the same key given as text: quoted, `:`, a space in pretty
    /// output, after `,` and the line break of its depth.
    @Test(arguments: [true, false]) func constantKeysAsTextKeys(_ pretty: Bool) throws {
        let depth = 40
        var text = JSONStreamWriter(pretty: pretty, capacity: 1)
        Self.nested(depth, constant: false, into: &text)
        var constant = JSONStreamWriter(pretty: pretty, capacity: 1)
        Self.nested(depth, constant: true, into: &constant)
        let bytes = constant.finish()
        #expect(bytes == text.finish())
        // Read back by Foundation's parser: the nesting and the values.
        var object = try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        for _ in 1..<depth {
            #expect(object["first.key"] as? String == "v")
            object = try #require(object["x-formconv-value"] as? [String: Any])
        }
        #expect((object["x-formconv-value"] as? [String: Any])?.isEmpty == true)
        if pretty {
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            #expect(lines[2 * depth] == String(repeating: " ", count: 2 * depth) + "\"x-formconv-value\": {}")
        }
    }

    /// The tree builder takes a constant key as its text.
    @Test func builderTakesConstantKeys() throws {
        var builder = NodeBuilder()
        Self.nested(2, constant: true, into: &builder)
        let tree = try #require(builder.root)
        #expect(tree.keys == ["first.key", "x-formconv-value"])
        #expect(tree["x-formconv-value"]?["first.key"]?.stringValue == "v")
    }
}
