import FormIR

/// Builds a `Node` tree from a document described call by call: the sink for writers that need the
/// whole tree (YAML, plists). Built nodes carry no source locations.
public struct NodeBuilder: DocumentSink {
    /// An open array or object and, for an object, the key of its next value.
    private struct Frame {
        var isObject: Bool
        var items: [Node] = []
        var entries: [(key: String, keyLocation: SourceLocation?, value: Node)] = []
        var pendingKey = ""
    }

    private var frames: [Frame] = []
    /// The document, once its top value is complete.
    public private(set) var root: Node?

    /// An empty builder.
    public init() {}

    /// Opens a mapping.
    public mutating func beginObject() { frames.append(Frame(isObject: true)) }
    /// Opens an array.
    public mutating func beginArray() { frames.append(Frame(isObject: false)) }
    /// Names the next value of the open mapping.
    public mutating func key(_ key: String) { frames[frames.count - 1].pendingKey = key }

    /// Closes the open mapping and adds it as a value.
    public mutating func endObject() {
        let frame = frames.removeLast()
        add(Node(.mapping(Self.trimmed(frame.entries))))
    }

    /// Closes the open array and adds it as a value.
    public mutating func endArray() {
        let frame = frames.removeLast()
        add(Node(.array(Self.trimmed(frame.items))))
    }

    /// The elements in storage of their own size: a tree keeps its arrays for its whole life, and
    /// the room appending leaves would add a third to a large document's memory.
    private static func trimmed<T>(_ a: [T]) -> [T] {
        a.capacity == a.count ? a : a.withUnsafeBufferPointer { Array($0) }
    }

    /// Adds a string node.
    public mutating func string(_ s: String) { add(Node(.string(s))) }
    /// Adds an integer node.
    public mutating func int(_ i: Int) { add(Node(.int(i))) }
    /// Adds a double node (any double: trees hold non-finite ones).
    public mutating func double(_ d: Double) { add(Node(.double(d))) }
    /// Adds a boolean node.
    public mutating func bool(_ b: Bool) { add(Node(.bool(b))) }
    /// Adds a null node.
    public mutating func null() { add(Node(.null)) }
    /// The tree as it is (dates and data keep their kind).
    public mutating func node(_ node: Node) { add(node) }

    private mutating func add(_ node: Node) {
        guard !frames.isEmpty else { root = node; return }
        let last = frames.count - 1
        if frames[last].isObject {
            frames[last].entries.append((key: frames[last].pendingKey, keyLocation: nil, value: node))
        } else {
            frames[last].items.append(node)
        }
    }
}
