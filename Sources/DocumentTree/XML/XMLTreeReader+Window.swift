import CLibXML2
import FormIR

extension XMLTreeReader {
    /// Parses a window of a document into `sink`: `text` is the document's start up to and past its
    /// root's start tag followed, from `resume.offset`, by one stretch of the root's content taken from
    /// further on (whole elements); the root's end tag (`</rootName>`) is fed after it. Positions are
    /// the document's: the bytes from `resume.offset` on stand at `resume.line` and `resume.column`.
    ///
    /// `false` when the window is not well-formed or declares or references entities: the caller then
    /// parses the whole document, which reports the problem as always. The text must be UTF-8 without
    /// byte-order mark and hold no comment that `XMLCommentRepair` would change.
    public static func parseWindow<Sink: XMLElementSink>(_ text: [UInt8], resume: XMLContentAnchor, rootName: [UInt8],
                                                         file: String, ids: XMLParseFailureIDs,
                                                         limits: XMLParseLimits = XMLParseLimits(), into sink: Sink) -> Bool {
        _ = initialized
        let endTag = Array("</".utf8) + rootName + Array(">".utf8)
        return text.withUnsafeBufferPointer { buffer in
            let builder = XMLTreeBuilder(file: file, ids: ids, limits: limits, sink: sink)
            builder.source = buffer
            builder.resumePositions(at: resume.offset, line: resume.line, column: resume.column)
            return endTag.withUnsafeBufferPointer { end in pushParse(builder, pieces: [buffer, end]) }
        }
    }
}
