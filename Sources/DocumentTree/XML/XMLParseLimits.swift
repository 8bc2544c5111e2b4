/// Bounds of one XML parse.
public struct XMLParseLimits: Sendable {
    /// Deepest element nesting accepted.
    public var maxDepth: Int
    /// Most scalars the document's entities and entity references may stand for, all together.
    public var maxEntityExpansion: Int
    /// Most attributes (namespace declarations included) one start tag may have, checked before libxml2
    /// reads the tag (`XMLAttributeBound`); the same for every XML reader (docs/cli.md, "Loading").
    public var maxAttributes: Int

    /// The bound on attributes per element every XML reader uses: MM forms have at most a few dozen.
    public static let defaultMaxAttributes = 1_000

    /// Limits of `maxDepth` nested elements, `maxEntityExpansion` scalars of entity text and
    /// `maxAttributes` attributes on one element.
    public init(maxDepth: Int = ParseLimits().maxDepth, maxEntityExpansion: Int = 1_000_000,
                maxAttributes: Int = XMLParseLimits.defaultMaxAttributes) {
        self.maxDepth = maxDepth
        self.maxEntityExpansion = maxEntityExpansion
        self.maxAttributes = maxAttributes
    }
}
