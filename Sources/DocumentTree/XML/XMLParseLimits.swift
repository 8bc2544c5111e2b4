/// Bounds of one XML parse.
public struct XMLParseLimits: Sendable {
    /// Deepest element nesting accepted.
    public var maxDepth: Int
    /// Most scalars the document's entities and entity references may stand for, all together.
    public var maxEntityExpansion: Int

    /// Limits of `maxDepth` nested elements and `maxEntityExpansion` scalars of entity text.
    public init(maxDepth: Int = ParseLimits().maxDepth, maxEntityExpansion: Int = 1_000_000) {
        self.maxDepth = maxDepth
        self.maxEntityExpansion = maxEntityExpansion
    }
}
