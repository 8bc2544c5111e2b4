import CYAML
import FormIR

/// Turns libyaml events into a `Node` tree: an explicit stack of open collections, an anchor table,
/// and the alias budget.
struct YAMLTreeBuilder {
    /// The text size that costs one node in the alias budget (a 12 KB string aliased 6,561 times
    /// made 80 MB of text out of a 13 KB file while counting only 6,561 nodes).
    static let scalarBytesPerNode = 64

    /// A finished value with what aliases to it would cost.
    struct Built {
        var node: Node
        /// Nodes in the subtree (aliases counted expanded); a scalar also costs one node per
        /// `scalarBytesPerNode` bytes of its text, so that aliasing a long string is charged for its size.
        var count: Int
        /// Collection levels in the subtree (0 for a scalar).
        var height: Int
        /// The scalar's text, when it can be a mapping key.
        var keyText: String?
    }

    private struct Frame {
        let isMapping: Bool
        let location: SourceLocation
        let anchor: String?
        var items: [Node] = []
        var entries: [(key: String, keyLocation: SourceLocation?, value: Node)] = []
        var keyLocations: [String: SourceLocation] = [:]
        var expectingKey = true
        var pendingKey = ""
        var pendingKeyLocation: SourceLocation? = nil
        var skipValue = false
        var count = 1
        var height = 1
    }

    let file: String
    let limits: ParseLimits
    var diagnostics = Diagnostics()
    private(set) var root: Node?
    private var stack: [Frame] = []
    private var anchors: [String: Built] = [:]
    private var aliasNodes = 0
    private var documents = 0

    init(file: String, limits: ParseLimits) {
        self.file = file
        self.limits = limits
    }

    /// Handles one event; `true` when reading is over.
    mutating func handle(_ event: yaml_event_t) throws -> Bool {
        let at = YAMLReader.location(event.start_mark, file: file)
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                diagnostics.warning("yaml.extra-document", YAMLReader.Message.extraDocument, at: at)
                return true
            }
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: s.value, count: s.length), as: UTF8.self)
            let plain = s.style == YAML_PLAIN_SCALAR_STYLE
            let kind = resolveScalar(text, plain: plain, tag: Self.string(s.tag), at: at)
            let quoted: Bool
            if case .string = kind { quoted = !plain } else { quoted = false }
            try finish(Built(node: Node(kind, at: at, quoted: quoted), count: 1 + s.length / Self.scalarBytesPerNode,
                             height: 0, keyText: text),
                       anchor: Self.string(s.anchor), at: at)
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard var built = anchors[name] else {
                diagnostics.error("yaml.undefined-alias", YAMLReader.Message.undefinedAlias(name), at: at)
                try finish(Built(node: Node(.null, at: at), count: 1, height: 0, keyText: nil), anchor: nil, at: at)
                return false
            }
            aliasNodes += built.count
            if aliasNodes > limits.maxAliasNodes {
                throw ReadFailure(id: "yaml.alias-budget", YAMLReader.Message.aliasBudget(name, limits.maxAliasNodes), at: at)
            }
            if stack.count + built.height > limits.maxDepth {
                throw ReadFailure(id: "yaml.too-deep", YAMLReader.Message.tooDeep(limits.maxDepth), at: at)
            }
            built.node.location = at
            try finish(built, anchor: nil, at: at)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            guard stack.count < limits.maxDepth else {
                throw ReadFailure(id: "yaml.too-deep", YAMLReader.Message.tooDeep(limits.maxDepth), at: at)
            }
            let tag = isMapping ? Self.string(event.data.mapping_start.tag) : Self.string(event.data.sequence_start.tag)
            checkCollectionTag(tag, isMapping: isMapping, at: at)
            let anchor = isMapping ? Self.string(event.data.mapping_start.anchor) : Self.string(event.data.sequence_start.anchor)
            stack.append(Frame(isMapping: isMapping, location: at, anchor: anchor))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let frame = stack.removeLast()
            let node = frame.isMapping ? Node(.mapping(frame.entries), at: frame.location) : Node(.array(frame.items), at: frame.location)
            try finish(Built(node: node, count: frame.count, height: frame.height, keyText: nil),
                       anchor: frame.anchor, at: frame.location)
        default:
            break
        }
        return false
    }

    /// Attaches a finished value to the open collection (or makes it the root), registering its anchor.
    private mutating func finish(_ built: Built, anchor: String?, at: SourceLocation) throws {
        if let anchor { anchors[anchor] = built }
        guard !stack.isEmpty else {
            if root == nil { root = built.node }
            return
        }
        let top = stack.count - 1
        if !stack[top].isMapping {
            stack[top].items.append(built.node)
            stack[top].count += built.count
            stack[top].height = max(stack[top].height, built.height + 1)
            return
        }
        if stack[top].expectingKey {
            stack[top].expectingKey = false
            stack[top].skipValue = false
            guard let key = built.keyText else {
                diagnostics.error("yaml.non-scalar-key", YAMLReader.Message.nonScalarKey, at: at)
                stack[top].skipValue = true
                return
            }
            if let first = stack[top].keyLocations[key] {
                diagnostics.error("yaml.duplicate-key", YAMLReader.Message.duplicateKey(key, first: first, second: at), at: at)
                stack[top].skipValue = true
                return
            }
            stack[top].keyLocations[key] = at
            stack[top].pendingKey = key
            stack[top].pendingKeyLocation = at
            return
        }
        stack[top].expectingKey = true
        guard !stack[top].skipValue else { return }
        stack[top].entries.append((key: stack[top].pendingKey, keyLocation: stack[top].pendingKeyLocation, value: built.node))
        stack[top].count += built.count
        stack[top].height = max(stack[top].height, built.height + 1)
    }

    private mutating func resolveScalar(_ text: String, plain: Bool, tag: String?, at: SourceLocation) -> Node.Kind {
        guard let tag, tag != "!" else { return plain && tag == nil ? YAMLScalarResolver.resolvePlain(text) : .string(text) }
        guard YAMLScalarResolver.coreTags.contains(tag) else {
            diagnostics.error("yaml.unknown-tag", YAMLReader.Message.unknownTag(YAMLReader.shortTag(tag)), at: at)
            return plain ? YAMLScalarResolver.resolvePlain(text) : .string(text)
        }
        if tag.hasSuffix(":seq") || tag.hasSuffix(":map") {
            diagnostics.error("yaml.tag-mismatch", YAMLReader.Message.tagMismatch(YAMLReader.shortTag(tag), "a scalar"), at: at)
            return .string(text)
        }
        if let kind = YAMLScalarResolver.resolveTagged(text, tag: tag) { return kind }
        diagnostics.error("yaml.invalid-value", YAMLReader.Message.invalidTagged(text, YAMLReader.shortTag(tag)), at: at)
        return .string(text)
    }

    private mutating func checkCollectionTag(_ tag: String?, isMapping: Bool, at: SourceLocation) {
        guard let tag, tag != "!" else { return }
        let own = YAMLScalarResolver.tagPrefix + (isMapping ? "map" : "seq")
        if tag == own { return }
        if YAMLScalarResolver.coreTags.contains(tag) {
            diagnostics.error("yaml.tag-mismatch",
                              YAMLReader.Message.tagMismatch(YAMLReader.shortTag(tag), isMapping ? "a mapping" : "a sequence"), at: at)
        } else {
            diagnostics.error("yaml.unknown-tag", YAMLReader.Message.unknownTag(YAMLReader.shortTag(tag)), at: at)
        }
    }

    private static func string(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        p.map { String(cString: $0) }
    }
}
