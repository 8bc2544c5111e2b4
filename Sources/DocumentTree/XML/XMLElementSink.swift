/// Receives the elements of a document as `XMLTreeReader` parses it, in document order: a reader that
/// wants its own element representation implements this instead of converting an `XMLTree` (one
/// libxml2 set-up, with the same safety limits, serves every XML format).
///
/// Calls come only while the parse is well-formed so far; once a problem is found no more arrive.
public protocol XMLElementSink: AnyObject {
    /// A start tag. The tag's pointers are valid only during the call.
    func startElement(_ tag: XMLStartTag)
    /// Character data of the innermost open element (text or CDATA), references decoded; one element's
    /// text may arrive in several runs, interleaved with its children.
    func characters(_ bytes: UnsafeBufferPointer<UInt8>, cdata: Bool)
    /// The end of the innermost open element.
    func endElement()
}

/// A start tag as `XMLElementSink` receives it. Positions are byte offsets in `source`: a sink turns
/// the few it reports into lines and columns (`XMLLineTable`), so the parse counts no lines.
public struct XMLStartTag {
    /// libxml2's (interned) local name, NUL-terminated.
    public var localName: UnsafePointer<UInt8>
    /// The namespace prefix as written, NUL-terminated; the qualified name is `prefix:localName`.
    public var prefix: UnsafePointer<UInt8>?
    /// Byte offset of the `<` in `source`.
    public var offset: Int
    /// Byte offset where the content starts: just after the start tag's `>`.
    public var contentOffset: Int
    /// The attributes in source order (namespace declarations included, as `xmlns…` attributes).
    public var attributes: UnsafeBufferPointer<XMLAttributeEvent>
    /// The document the offsets refer to (`XMLParseResult.source`).
    public var source: UnsafeBufferPointer<UInt8>
}

/// One attribute of an `XMLStartTag`.
public struct XMLAttributeEvent {
    /// The name as written in the source (`prefix:local` or `local`); `nil` for an attribute the
    /// document's DTD supplied by default, whose name is `prefix:localName`.
    public var written: UnsafeBufferPointer<UInt8>?
    /// libxml2's local name, NUL-terminated; `nil` for a namespace declaration.
    public var localName: UnsafePointer<UInt8>?
    /// libxml2's namespace prefix, NUL-terminated.
    public var prefix: UnsafePointer<UInt8>?
    /// The value, references decoded and white space normalised as XML requires.
    public var value: UnsafeBufferPointer<UInt8>
    /// Byte offset of the name (of the element's `<` for a defaulted attribute).
    public var offset: Int

    /// The name as a string: as written, or `prefix:localName`.
    public var name: String {
        if let written { return String(decoding: written, as: UTF8.self) }
        let local = localName.map { String(cString: $0) } ?? ""
        guard let prefix else { return local }
        return String(cString: prefix) + ":" + local
    }
}

/// What a parse yields besides the elements: entity bookkeeping and the source positions refer to.
public struct XMLParseResult: Sendable {
    /// The entities declared in the document's internal DTD subset.
    public var entityDeclarations: [XMLEntityDeclaration]
    /// The references in content to declared entities (never expanded: they read as empty text).
    public var entityReferences: [XMLEntityReference]
    /// The document as parsed: UTF-8, without byte-order mark, comments repaired (same positions).
    public var source: [UInt8]
}
