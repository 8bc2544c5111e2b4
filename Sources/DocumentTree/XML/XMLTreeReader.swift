import CLibXML2
import FormIR

/// The one XML parser of formconv: libxml2's SAX2 interface building a positioned `XMLTree`.
///
/// Safety: the network is never used (`XML_PARSE_NONET`), external DTDs and external entities are
/// never loaded (no loader, no external-subset handler, no entity substitution), references to
/// entities declared in the document read as empty text and their declared sizes are bounded
/// (`XMLParseLimits.maxEntityExpansion`: the "billion laughs" fails at its declarations), nesting is
/// bounded (`XMLParseLimits.maxDepth`), so are the attributes of one element, before libxml2 reads the
/// tag (`XMLParseLimits.maxAttributes`, `XMLAttributeBound`), and `--` inside comments is tolerated (`XMLCommentRepair`).
/// Each parse has its own libxml2 context: parses may run on several threads at once.
public enum XMLTreeReader {
    /// Parses `bytes` (UTF-8, UTF-16 with a byte-order mark, or a declared Latin-1 encoding).
    /// Throws `ReadFailure` with the caller's ids at the exact line and column of the first problem.
    public static func parse(_ bytes: [UInt8], file: String, ids: XMLParseFailureIDs,
                             limits: XMLParseLimits = XMLParseLimits()) throws -> XMLTree {
        let sink = XMLTreeElementSink()
        let result = try parse(bytes, file: file, ids: ids, limits: limits, into: sink)
        guard let root = sink.root else { throw noRoot(ids: ids, file: file) }
        return XMLTree(root: root, entityDeclarations: result.entityDeclarations,
                       entityReferences: result.entityReferences, source: result.source)
    }

    /// Parses `bytes` as `parse(_:file:ids:limits:)` does, handing the elements to `sink` as they are
    /// read instead of building an `XMLTree`. The document has a root element when this returns.
    public static func parse(_ bytes: [UInt8], file: String, ids: XMLParseFailureIDs,
                             limits: XMLParseLimits = XMLParseLimits(), into sink: XMLElementSink) throws -> XMLParseResult {
        try parse(prepared: prepare(bytes, file: file, ids: ids), file: file, ids: ids, limits: limits, into: sink)
    }

    /// `parse(_:file:ids:limits:into:)` of a text `prepare` has made.
    static func parse(prepared source: [UInt8], file: String, ids: XMLParseFailureIDs, limits: XMLParseLimits,
                      into sink: XMLElementSink) throws -> XMLParseResult {
        _ = initialized
        let builder = XMLTreeBuilder(file: file, ids: ids, limits: limits, sink: sink)
        try source.withUnsafeBufferPointer { buffer in
            try XMLAttributeBound.check(buffer, limit: limits.maxAttributes, file: file, id: ids.tooManyAttributes)
            builder.source = buffer
            try run(builder, buffer)
        }
        guard builder.sawRoot else { throw noRoot(ids: ids, file: file) }
        return XMLParseResult(entityDeclarations: builder.declarations, entityReferences: builder.references, source: source)
    }

    /// The checks before any parse and the text libxml2 reads: UTF-8 without byte-order mark, comments
    /// repaired.
    static func prepare(_ bytes: [UInt8], file: String, ids: XMLParseFailureIDs) throws -> [UInt8] {
        // Before decoding: a file that is not XML at all fails at its first byte, and invalid UTF-8 at
        // the first bad byte, with messages naming it.
        try XMLDocumentStart.check(bytes, file: file, id: ids.malformed)
        try XMLEncodingCheck.check(bytes, file: file, id: ids.malformed)
        let source: [UInt8]
        switch XMLSourceText.normalize(bytes) {
        case .utf8(let utf8): source = XMLCommentRepair.repair(utf8)
        case .unsupported(let encoding):
            throw ReadFailure(id: ids.malformed, "malformed XML: unsupported encoding '\(encoding)' (use UTF-8)",
                              at: SourceLocation(file: file, line: 1, column: 1))
        }
        guard !source.isEmpty else {
            throw ReadFailure(id: ids.malformed, "malformed XML: the document is empty",
                              at: SourceLocation(file: file, line: 1, column: 1))
        }
        return source
    }

    static func noRoot(ids: XMLParseFailureIDs, file: String) -> ReadFailure {
        ReadFailure(id: ids.malformed, "malformed XML: the document has no root element",
                    at: SourceLocation(file: file, line: 1, column: 1))
    }

    private static func run(_ builder: XMLTreeBuilder, _ buffer: UnsafeBufferPointer<UInt8>) throws {
        let length = Int32(clamping: buffer.count)
        guard let ctxt = buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count, {
            xmlCreateMemoryParserCtxt($0, length)
        }) else {
            throw ReadFailure(id: builder.ids.malformed, "malformed XML: libxml2 could not start a parse",
                              at: SourceLocation(file: builder.file, line: 1, column: 1))
        }
        try parse(with: ctxt, builder) { _ = xmlParseDocument(ctxt) }
    }

    /// Sets `ctxt` up for `builder` (options, handlers, the error handler of this thread), runs `body`
    /// (the parse), frees the context and throws the builder's failure, if any.
    static func parse(with ctxt: xmlParserCtxtPtr, _ builder: XMLTreeBuilder, _ body: () -> Void) throws {
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue)
        defer {
            if let doc = ctxt.pointee.myDoc { xmlFreeDoc(doc) }
            ctxt.pointee.myDoc = nil
            xmlFreeParserCtxt(ctxt)
        }
        // Errors libxml2 raises outside the parser context (encoding conversion, I/O) would go to its
        // global handler, which prints to stderr. The handler is per thread: silence it for this parse;
        // the context's own handler (`serror`) turns parse errors into diagnostics.
        xmlSetStructuredErrorFunc(nil) { _, _ in }
        _ = xmlCtxtUseOptions(ctxt, options)
        ctxt.pointee.sax.pointee = makeHandler()
        ctxt.pointee.userData = UnsafeMutableRawPointer(ctxt)
        ctxt.pointee.replaceEntities = 0
        ctxt.pointee.loadsubset = 0
        ctxt.pointee.validate = 0
        builder.context = ctxt
        let unmanaged = Unmanaged.passRetained(builder)
        ctxt.pointee._private = unmanaged.toOpaque()
        defer { unmanaged.release() }
        body()
        ctxt.pointee._private = nil
        if let failure = builder.failure { throw failure }
    }

    /// One-time libxml2 set-up: initialise, and refuse every external resource.
    static let initialized: Bool = {
        xmlInitParser()
        xmlSetExternalEntityLoader { _, _, _ in nil }
        return true
    }()

    /// The builder of the callback's parse, when the callback comes from the document itself (not
    /// from libxml2 checking an entity's replacement text in a nested context).
    @inline(__always)
    static func builder(_ ctx: UnsafeMutableRawPointer?) -> XMLTreeBuilder? {
        guard let ctx else { return nil }
        let ctxt = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let p = ctxt.pointee._private else { return nil }
        let b = Unmanaged<XMLTreeBuilder>.fromOpaque(p).takeUnretainedValue()
        return b.context == ctxt ? b : nil
    }

    /// Runs `body` with the callback's builder (as `builder(_:)` finds it) without retaining it: the
    /// parse holds it for as long as callbacks come.
    @inline(__always)
    static func withBuilder(_ ctx: UnsafeMutableRawPointer?, _ body: (XMLTreeBuilder) -> Void) {
        guard let ctx else { return }
        let ctxt = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let p = ctxt.pointee._private else { return }
        Unmanaged<XMLTreeBuilder>.fromOpaque(p)._withUnsafeGuaranteedRef { b in
            if b.context == ctxt { body(b) }
        }
    }

    private static func makeHandler() -> xmlSAXHandler {
        var h = xmlSAXHandler()
        h.initialized = XML_SAX2_MAGIC
        h.startDocument = xmlSAX2StartDocument
        h.internalSubset = xmlSAX2InternalSubset
        h.isStandalone = xmlSAX2IsStandalone
        h.hasInternalSubset = xmlSAX2HasInternalSubset
        h.hasExternalSubset = xmlSAX2HasExternalSubset
        h.getEntity = xmlSAX2GetEntity
        h.getParameterEntity = xmlSAX2GetParameterEntity
        h.entityDecl = { ctx, name, type, publicID, systemID, content in
            guard let b = XMLTreeReader.builder(ctx), let name else { return }
            if b.declare(name: name, type: type, systemID: systemID, content: content) {
                xmlSAX2EntityDecl(ctx, name, type, publicID, systemID, content)
            }
        }
        h.attributeDecl = { ctx, element, _, _, _, _, tree in
            // The enumeration is the handler's to free.
            if let tree { xmlFreeEnumeration(tree) }
            guard let element else { return }
            XMLTreeReader.withBuilder(ctx) { $0.declareAttribute(of: element) }
        }
        // Called when the internal subset ends; loads nothing (no external subset is ever read).
        h.externalSubset = { ctx, _, _, _ in XMLTreeReader.builder(ctx)?.checkDeclarations() }
        h.startElementNs = { ctx, localname, prefix, _, nbNamespaces, namespaces, nbAttributes, _, attributes in
            XMLTreeReader.withBuilder(ctx) {
                $0.start(localname: localname, prefix: prefix, namespaceCount: Int(nbNamespaces),
                         namespaces: namespaces, attributeCount: Int(nbAttributes), attributes: attributes)
            }
        }
        h.endElementNs = { ctx, _, _, _ in XMLTreeReader.withBuilder(ctx) { $0.end() } }
        h.characters = { ctx, ch, len in XMLTreeReader.withBuilder(ctx) { $0.characters(ch, Int(len), cdata: false) } }
        // The same function: libxml2 then takes every run of white space as text without first asking
        // whether it is ignorable (`areBlanks`, a look at each blank run and its element).
        h.ignorableWhitespace = h.characters
        h.cdataBlock = { ctx, ch, len in XMLTreeReader.withBuilder(ctx) { $0.characters(ch, Int(len), cdata: true) } }
        h.reference = { ctx, name in
            guard let name else { return }
            XMLTreeReader.builder(ctx)?.reference(name)
        }
        h.serror = { ctx, error in
            guard let error, let ctx else { return }
            let ctxt = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let p = ctxt.pointee._private else { return }
            Unmanaged<XMLTreeBuilder>.fromOpaque(p).takeUnretainedValue().error(error.pointee, nested: ctxt)
        }
        return h
    }
}
