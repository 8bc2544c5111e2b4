import FormIR

/// Reads the MM XML form builder language (v1.1) and its legacy format into the IR.
///
/// Covers: `form` → `page` → `group` → `item` (items or groups written without a page or group get an
/// implicit one, marked `mmxml.implicit`), every item type of the document plus `lineBlock`, every item
/// attribute and tag, localized and base64/URL-encoded texts, actions, relationships anywhere (directly
/// under form, page or group, or in `<relationships>`) with conditions, and the legacy spellings
/// (normalised with `mmxml.deprecated`). Unknown tags, attributes and types are kept in `mmxml.*`
/// extensions so that MM XML → IR → MM XML loses nothing. Diagnostic ids: `MMXMLDiagnostics.catalogue`.
///
/// XML is parsed with FoundationXML's `XMLParser` (libxml2); external entities and DTDs are never
/// loaded, and documents whose declared entities would expand to huge text are refused before parsing.
public struct MMXMLReader: FormReader {
    public init() {}

    public func read(_ input: InputDocument, diagnostics: inout Diagnostics) throws -> Form {
        try EncodingCheck.check(input.bytes, file: input.name)
        let text = Self.sourceText(input.bytes)
        let map = SourceMap(text: text)
        try EntityGuard.check(map, file: input.name, diagnostics: &diagnostics)
        let root = try ElementTreeBuilder.build(bytes: CommentRepair.repair(input.bytes), map: map, file: input.name)
        guard root.name == "form" else {
            throw ReadFailure(id: "mmxml.not-a-form", "the root element is <\(root.name)>, not <form>", at: root.location)
        }
        let session = ReadSession(file: input.name, map: map)
        session.isLegacy = Legacy.isLegacy(root)
        for ref in map.entityReferences where map.entities.contains(where: { $0.name == ref.name }) {
            session.warning("mmxml.entity-dropped", "entity reference &\(ref.name); in text reads as empty text",
                            at: SourceLocation(file: input.name, line: ref.line, column: ref.column))
        }
        let form = session.readForm(root)
        diagnostics.append(contentsOf: session.diagnostics.items)
        return form
    }

    /// The document as text for positions: UTF-16 when a byte-order mark says so, else UTF-8 (a UTF-8
    /// byte-order mark is not a column; invalid bytes count one scalar each).
    static func sourceText(_ bytes: [UInt8]) -> String {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            let little = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = 2
            while i + 1 < bytes.count {
                units.append(little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            return String(decoding: units, as: UTF16.self)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: bytes.dropFirst(3), as: UTF8.self) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
