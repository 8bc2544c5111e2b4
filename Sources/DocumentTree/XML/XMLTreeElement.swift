/// One element of an XML document read by `XMLTreeReader`, with the positions diagnostics need.
/// Lines and columns are 1-based; columns count Unicode scalars (a UTF-8 byte-order mark is no column).
public struct XMLTreeElement: Sendable {
    /// One attribute, in source order, with the position of its name.
    public struct Attribute: Sendable {
        /// The qualified name as written (`prefix:local` or `local`).
        public var name: String
        /// The value, references decoded and white space normalised as XML requires.
        public var value: String
        /// Line of the attribute's name (1-based).
        public var line: Int
        /// Column of the attribute's name (1-based, Unicode scalars).
        public var column: Int
    }

    /// The qualified name as written.
    public var name: String
    /// The attributes in source order (namespace declarations included, as `xmlns…` attributes).
    public var attributes: [Attribute]
    /// The child elements in source order.
    public var children: [XMLTreeElement]
    /// The element's own character data: text and CDATA, in order, not trimmed, references decoded.
    /// References to entities declared in the document read as empty text (they are never expanded).
    public var text: String
    /// Whether any of `text` came from a CDATA section.
    public var hasCDATA: Bool
    /// Position of the `<` of the start tag.
    public var line: Int
    /// Column of the `<` (1-based, Unicode scalars).
    public var column: Int
    /// Where the content starts: just after the start tag's `>`.
    public var content: XMLContentAnchor

    /// The first attribute named `name`.
    public func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }
}

/// A position in the parsed source: byte offset, and the 1-based line and column of that byte.
public struct XMLContentAnchor: Sendable {
    /// Byte offset in the UTF-8 source.
    public var offset: Int
    /// 1-based line of that byte.
    public var line: Int
    /// 1-based column of that byte, in Unicode scalars.
    public var column: Int

    /// An anchor at byte `offset`, line `line`, column `column`.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }
}

/// An entity declared in the document's internal DTD subset.
public struct XMLEntityDeclaration: Sendable {
    /// The entity's name.
    public var name: String
    /// Replacement text of an internal entity; `nil` for an external one (never loaded).
    public var value: String?
    /// The system identifier of an external entity.
    public var systemID: String?
    /// Whether it is a parameter entity (`<!ENTITY % name …>`).
    public var isParameter: Bool
    /// Line of the declaration (1-based).
    public var line: Int
    /// Column of the declaration (1-based, Unicode scalars).
    public var column: Int
}

/// A reference in content to an entity declared in the document (never expanded: reads as empty text).
public struct XMLEntityReference: Sendable {
    /// The entity's name.
    public var name: String
    /// Position of the `&`.
    public var line: Int
    /// Column of the `&` (1-based, Unicode scalars).
    public var column: Int
}
