import CLibXML2
import FormIR

/// Where `XMLTreeReader.parse(_:file:ids:limits:split:makeSink:)` may split a document.
public enum XMLSplit: Sendable {
    /// Before a line starting `<element` (after spaces or tabs) near the middle, in a document of at
    /// least `minimumSize` bytes.
    case before(element: String, minimumSize: Int)
    /// Before the start tag whose `<` is at `offset` (of the text as parsed: UTF-8 without byte-order
    /// mark): tests try every one.
    case at(offset: Int)
}

/// A large document parsed on two cores: the text before a child of the root near the middle, closed
/// with the root's end tag, on this thread; the root's start tag followed by the text from that child
/// on, on another. Both halves are parsed by libxml2's push parser, fed in pieces straight from the
/// source (no copy of the document), and positions are those of the whole document: the second half's
/// offsets are shifted past the text it skips (`XMLTreeBuilder.shiftOffsets`).
///
/// The result is the one-thread parse's: the halves are used only when both are well-formed, which
/// proves the split stands between two children of the root (outside any comment, CDATA section or
/// deeper element) and that nothing crosses it (the document has no DOCTYPE, so no declarations; the
/// namespaces of the root's start tag are read by both halves). Any problem in either half, and any
/// document the split does not fit, is parsed again on one thread, which reports it exactly as always.
extension XMLTreeReader {
    /// How many bytes `parse(_:file:ids:limits:split:makeSink:)` feeds libxml2 at a
    /// time: its buffer holds about one piece, not the document.
    static let pieceSize = 256 << 10

    /// Where the split is sought, in percent of the document: a little past the middle, as the other
    /// thread starts cold (its stack, its malloc arena, its caches) and took 2–3 ms longer for the
    /// same half of bench/'s big.xml (17 ms a half).
    static let splitPercent = 53

    /// Parses `bytes` into one sink made by `makeSink`, or, when `split` finds a place to split it, into
    /// two: the elements before the split's element and the elements from it on, each half with its own
    /// root element (the document's root, its start tag as written). Putting the second sink's elements
    /// after the first's (its root's children after the first root's, its root's character data after
    /// the first root's) gives the one-thread result. `makeSink` is told how many bytes of the document
    /// its sink is to hold, for the room it reserves: the whole document for the one-thread parse and
    /// for the first half (which the second half is then appended to), the second half's own for the
    /// second.
    public static func parse<Sink: XMLElementSink>(_ bytes: [UInt8], file: String, ids: XMLParseFailureIDs,
                                                   limits: XMLParseLimits = XMLParseLimits(), split: XMLSplit,
                                                   makeSink: (_ byteCount: Int) -> Sink) throws -> (result: XMLParseResult, sinks: [Sink]) {
        let source = try prepare(bytes, file: file, ids: ids)
        _ = initialized
        let point: XMLSplitPoint? = source.withUnsafeBufferPointer {
            switch split {
            case .before(let name, let minimumSize):
                $0.count >= minimumSize ? XMLSplitPoint.find(in: $0, before: Array(name.utf8), near: $0.count / 100 * splitPercent) : nil
            case .at(let offset): XMLSplitPoint.at(offset, in: $0)
            }
        }
        if let point, let halves = parseHalves(source, at: point, file: file, ids: ids, limits: limits, makeSink: makeSink) {
            return (XMLParseResult(entityDeclarations: [], entityReferences: [], source: source), halves)
        }
        let sink = makeSink(source.count)
        return (try parse(prepared: source, file: file, ids: ids, limits: limits, into: sink), [sink])
    }

    /// The two halves' sinks, or `nil` when either half is not well-formed (or the split is no split).
    static func parseHalves<Sink: XMLElementSink>(_ source: [UInt8], at split: XMLSplitPoint, file: String,
                                                  ids: XMLParseFailureIDs, limits: XMLParseLimits,
                                                  makeSink: (_ byteCount: Int) -> Sink) -> [Sink]? {
        // The second sink's room for its half only: room for the whole document in both put some 2 MB
        // more of huge pages in the run's memory (bench/RESULTS.md, seventh pass). The first keeps room
        // for all, as the second half is appended to it.
        let first = makeSink(source.count), second = makeSink(split.rootTagEnd + source.count - split.offset)
        let ok = source.withUnsafeBufferPointer { buffer -> Bool in
            let head = XMLTreeBuilder(file: file, ids: ids, limits: limits, sink: first)
            head.source = buffer
            let tail = XMLTreeBuilder(file: file, ids: ids, limits: limits, sink: second)
            tail.source = buffer
            tail.shiftOffsets(from: split.rootTagEnd, by: split.offset - split.rootTagEnd)
            let endTag = Array("</".utf8) + split.rootName + Array(">".utf8)
            let job = HalfJob(builder: tail, pieces: [UnsafeBufferPointer(rebasing: buffer[..<split.rootTagEnd]),
                                                      UnsafeBufferPointer(rebasing: buffer[split.offset...])])
            let (tailOK, headOK) = endTag.withUnsafeBufferPointer { end in
                SideThread.run({ job.parse() }, alongside: {
                    pushParse(head, pieces: [UnsafeBufferPointer(rebasing: buffer[..<split.offset]), end])
                })
            }
            return tailOK && headOK.get()
        }
        return ok ? [first, second] : nil
    }

    /// Parses `pieces` one after another as one document with libxml2's push parser; whether it was
    /// well-formed, had a root and declared nothing.
    static func pushParse(_ builder: XMLTreeBuilder, pieces: [UnsafeBufferPointer<UInt8>]) -> Bool {
        guard let ctxt = xmlCreatePushParserCtxt(nil, nil, nil, 0, nil) else { return false }
        do {
            try parse(with: ctxt, builder) {
                for piece in pieces { feed(piece, to: ctxt, builder) }
                xmlParseChunk(ctxt, nil, 0, 1)
            }
        } catch {
            return false
        }
        return builder.failure == nil && builder.sawRoot && builder.declarations.isEmpty && builder.references.isEmpty
    }

    /// Feeds `piece` in parts of about `pieceSize` bytes, each ending just after a `>` (so no UTF-8
    /// sequence is cut), until the parse fails.
    private static func feed(_ piece: UnsafeBufferPointer<UInt8>, to ctxt: xmlParserCtxtPtr, _ builder: XMLTreeBuilder) {
        guard let base = piece.baseAddress else { return }
        var start = 0
        while start < piece.count, builder.failure == nil {
            var end = min(start + pieceSize, piece.count)
            if end < piece.count {
                var gt = end - 1
                while gt > start, base[gt] != UInt8(ascii: ">") { gt -= 1 }
                if gt > start { end = gt + 1 }
            }
            base.withMemoryRebound(to: CChar.self, capacity: piece.count) { _ = xmlParseChunk(ctxt, $0 + start, Int32(end - start), 0) }
            start = end
        }
    }

    /// The second half's parse, handed to the other thread: the builder and the pieces are used only
    /// there until `SideThread.run` has waited for it.
    private final class HalfJob: @unchecked Sendable {
        let builder: XMLTreeBuilder
        let pieces: [UnsafeBufferPointer<UInt8>]
        init(builder: XMLTreeBuilder, pieces: [UnsafeBufferPointer<UInt8>]) {
            self.builder = builder
            self.pieces = pieces
        }
        func parse() -> Bool { XMLTreeReader.pushParse(builder, pieces: pieces) }
    }
}
