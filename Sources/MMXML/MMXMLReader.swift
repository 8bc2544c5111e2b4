import FormIR
import DocumentTree

/// Reads the MM XML form builder language (v1.1) and its legacy format into the IR.
///
/// Covers: `form` → `page` → `group` → `item` (items or groups written without a page or group get an
/// implicit one, marked `mmxml.implicit`), every item type of the document plus `lineBlock`, every item
/// attribute and tag, localized and base64/URL-encoded texts, actions, relationships anywhere (directly
/// under form, page or group, or in `<relationships>`) with conditions, and the legacy spellings
/// (normalised with `mmxml.deprecated`). Unknown tags, attributes and types are kept in `mmxml.*`
/// extensions so that MM XML → IR → MM XML loses nothing. Diagnostic ids: `MMXMLDiagnostics.catalogue`.
///
/// XML is parsed with the shared libxml2 reader (`DocumentTree.XMLTreeReader`): external entities and
/// DTDs are never loaded, and documents whose declared entities would expand to huge text are refused.
public struct MMXMLReader: FormReader {
    /// A reader of MM XML; it takes no options.
    public init() {}

    /// Reads MM XML into a `Form`: problems are diagnostics; throws `ReadFailure` only when nothing can be
    /// read.
    public func read(_ input: InputDocument, diagnostics: inout Diagnostics) throws -> Form {
        let (document, parsed) = try ElementTreeBuilder.parse(bytes: input.bytes, file: input.name)
        let root = document.root
        guard root.name == "form" else {
            throw ReadFailure(id: "mmxml.not-a-form", "the root element is <\(root.name)>, not <form>", at: root.location)
        }
        for e in parsed.entityDeclarations where e.value == nil && !e.isParameter {
            diagnostics.error("mmxml.external-entity",
                              "external entity '\(e.name)' is never loaded (it could read local files or the network); its references read as empty text",
                                at: SourceLocation(file: input.name, line: e.line, column: e.column))
        }
        let session = ReadSession(file: input.name, document: document)
        session.isLegacy = document.summary.usesLegacySpelling
        for ref in parsed.entityReferences {
            session.warning("mmxml.entity-dropped", "entity reference &\(ref.name); in text reads as empty text",
                            at: SourceLocation(file: input.name, line: ref.line, column: ref.column))
        }
        let form = session.readForm(root)
        diagnostics.append(contentsOf: session.diagnostics.items)
        return form
    }
}
