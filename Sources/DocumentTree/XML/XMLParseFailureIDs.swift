/// The diagnostic ids an XML reader's failures take, in the caller's namespace.
public struct XMLParseFailureIDs: Sendable {
    /// Not well-formed XML (libxml2's message, at its position).
    public var malformed: String
    /// Entities that would expand to more than `XMLParseLimits.maxEntityExpansion` scalars, or refer to themselves.
    public var entityExpansion: String
    /// Elements nested deeper than `XMLParseLimits.maxDepth`.
    public var tooDeep: String
    /// A start tag with more than `XMLParseLimits.maxAttributes` attributes.
    public var tooManyAttributes: String

    /// The ids a reader reports for a malformed document, an expansion over the limit, too deep a nesting
    /// and too many attributes on one element.
    public init(malformed: String, entityExpansion: String, tooDeep: String, tooManyAttributes: String) {
        self.malformed = malformed
        self.entityExpansion = entityExpansion
        self.tooDeep = tooDeep
        self.tooManyAttributes = tooManyAttributes
    }

    /// `<namespace>.malformed`, `<namespace>.entity-expansion`, `<namespace>.too-deep`,
    /// `<namespace>.too-many-attributes`.
    public init(namespace: String) {
        self.init(malformed: "\(namespace).malformed", entityExpansion: "\(namespace).entity-expansion",
                  tooDeep: "\(namespace).too-deep", tooManyAttributes: "\(namespace).too-many-attributes")
    }
}
