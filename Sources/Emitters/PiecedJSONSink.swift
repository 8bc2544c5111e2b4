import FormIR
import DocumentTree

/// A JSON document written into an emitter's `OutputSink` as it is made: the writer's bytes are handed
/// on whenever a container closes with at least `piece` bytes written since the last, so a long
/// document is never held whole (the stress form's json is 8.4 MB) and a short one goes out at the end,
/// in one piece. The bytes are `JSONStreamWriter`'s, in the same order. Not generic over the emitter's
/// sink, which it reaches through `handOn`: the row writer is compiled for this one type.
struct PiecedJSONSink: DocumentSink {
    /// The bytes handed on at a time, at least: 64 KB, the pieces the run writes its output file in.
    static var piece: Int { 1 << 16 }

    private var json: JSONStreamWriter
    /// Takes each piece, in order.
    private let handOn: ([UInt8]) -> Void

    /// A sink writing `json`'s document in pieces to `handOn`.
    init(_ json: JSONStreamWriter, handOn: @escaping ([UInt8]) -> Void) {
        self.json = json
        self.handOn = handOn
    }

    mutating func beginObject() { json.beginObject() }
    mutating func key(_ key: String) { json.key(key) }
    mutating func key(constant key: StaticString) { json.key(constant: key) }
    mutating func endObject() {
        json.endObject()
        handOnPiece()
    }
    mutating func beginArray() { json.beginArray() }
    mutating func endArray() {
        json.endArray()
        handOnPiece()
    }
    mutating func string(_ s: String) { json.string(s) }
    mutating func int(_ i: Int) { json.int(i) }
    mutating func double(_ d: Double) { json.double(d) }
    mutating func bool(_ b: Bool) { json.bool(b) }
    mutating func null() { json.null() }
    mutating func node(_ node: Node) { json.node(node) }
    var unwritableNumbers: [Double] { json.unwritableNumbers }

    /// Hands on the rest of the document (with its final newline when pretty).
    mutating func finish() { handOn(json.finish()) }

    private mutating func handOnPiece() {
        guard json.count >= Self.piece else { return }
        var taker = Taker(take: handOn)
        json.handOn(to: &taker)
    }

    /// `handOn` as the writer's `OutputSink`.
    private struct Taker: OutputSink {
        let take: ([UInt8]) -> Void
        func write(_ bytes: [UInt8]) { take(bytes) }
    }
}
