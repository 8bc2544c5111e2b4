import Testing
import Foundation
import FormIR
@testable import DocumentTree

/// The JSON writer's byte buffer: what is handed on in pieces, with the room growing under it, is the
/// document Foundation's own parser reads, every escape included.
@Suite struct JSONBytesTests {
    /// Every control character, the two escaped printables, and text beside them.
    static let values: [String] = (0..<0x20).map { "c\(Character(Unicode.Scalar(UInt8($0))))d" }
        + ["q\"b", "back\\slash", "é/€ plain", "", String(repeating: "long ", count: 300)]

    /// A document of `values`, handed on to `pieces` after every value (each piece the bytes since the
    /// last), the writer starting with 1 byte of room.
    static func written(pretty: Bool) -> (whole: [UInt8], pieces: [[UInt8]]) {
        struct Pieces: OutputSink {
            var all: [[UInt8]] = []
            mutating func write(_ bytes: [UInt8]) { all.append(bytes) }
        }
        var w = JSONStreamWriter(pretty: pretty, capacity: 1)
        var sink = Pieces()
        w.beginObject()
        for (i, v) in values.enumerated() {
            w.key("k\(i)")
            w.beginArray()
            w.string(v)
            w.int(i)
            w.bool(i % 2 == 0)
            w.null()
            w.double(0.5)
            w.endArray()
            w.handOn(to: &sink)
        }
        w.endObject()
        sink.all.append(w.finish())
        return (sink.all.flatMap { $0 }, sink.all)
    }

    @Test(arguments: [true, false]) func piecesReadBackAsTheValues(_ pretty: Bool) throws {
        let (whole, pieces) = Self.written(pretty: pretty)
        #expect(pieces.count == Self.values.count + 1)
        #expect(pieces.allSatisfy { !$0.isEmpty })
        let object = try #require(JSONSerialization.jsonObject(with: Data(whole)) as? [String: Any])
        #expect(object.count == Self.values.count)
        for (i, v) in Self.values.enumerated() {
            let entry = try #require(object["k\(i)"] as? [Any])
            #expect(entry.count == 5)
            #expect(entry[0] as? String == v)
            #expect(entry[1] as? Int == i)
            #expect(entry[2] as? Bool == (i % 2 == 0))
            #expect(entry[3] is NSNull)
            #expect(entry[4] as? Double == 0.5)
        }
        // Control characters are escaped, never written raw.
        #expect(!whole.contains { $0 < 0x20 && $0 != 0x0A })
    }

    /// The bytes asked for before finishing are those written so far, and the buffer hands them on.
    @Test func bytesSoFarAndFinish() {
        var w = JSONStreamWriter(pretty: false, capacity: 1)
        w.beginArray()
        w.string("a\u{1}")
        #expect(w.bytes == Array("[\"a\\u0001\"".utf8))
        #expect(w.count == 10)
        w.endArray()
        #expect(w.finish() == Array("[\"a\\u0001\"]".utf8))
        #expect(JSONWriter.quoted("x\ny") == "\"x\\ny\"")
    }
}
