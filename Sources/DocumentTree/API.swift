import FormIR

/// Limits that keep hostile documents from exhausting time or memory.
public struct ParseLimits: Sendable {
    /// Deepest nesting of arrays/mappings accepted.
    public var maxDepth: Int
    /// Total nodes an alias expansion may add (YAML "billion laughs" guard); long scalars count one node
    /// per 64 bytes of text.
    public var maxAliasNodes: Int
    /// Limits of `maxDepth` nesting levels and `maxAliasNodes` nodes added by aliases.
    public init(maxDepth: Int = 256, maxAliasNodes: Int = 100_000) {
        self.maxDepth = maxDepth
        self.maxAliasNodes = maxAliasNodes
    }
}

/// The concrete syntax of a tree document.
public enum DocumentSyntax: String, Sendable, CaseIterable {
    case json, yaml, plist
}
