import FormIR

/// A document for `JSONFittedWriter` whose lists are made one element at a time, when the writer
/// reaches them: the writer of a large document (the IR of a form of 40,000 fields) then holds the
/// tree of the element it is at, never the whole document's.
///
/// A list's `element(i)` may be asked for more than once (the writer measures an element before it
/// writes it), so it must give the same value each time.
public enum FittedNode {
    /// A tree as it is.
    case node(Node)
    /// An object, members in the order given.
    case object([(String, FittedNode)])
    /// A list of `count` elements, made by `element` on demand.
    case list(count: Int, element: (Int) -> FittedNode)
}

extension FittedNode {
    /// A string.
    public static func string(_ s: String) -> FittedNode { .node(.string(s)) }
    /// An integer.
    public static func int(_ i: Int) -> FittedNode { .node(.int(i)) }
    /// A boolean.
    public static func bool(_ b: Bool) -> FittedNode { .node(.bool(b)) }
    /// A double (non-finite ones are written as `null`).
    public static func double(_ d: Double) -> FittedNode { .node(.double(d)) }
    /// `null`.
    public static var null: FittedNode { .node(.null) }
    /// A list of elements already made.
    public static func array(_ items: [FittedNode]) -> FittedNode { .list(count: items.count) { items[$0] } }
    /// An object, members in the order given.
    public static func mapping(_ entries: [(String, FittedNode)]) -> FittedNode { .object(entries) }

    /// The number of members of an object; `nil` for anything else.
    var memberCount: Int? {
        switch self {
        case .node(let n):
            if case .mapping(let entries) = n.kind { return entries.count }
            return nil
        case .object(let entries): return entries.count
        case .list: return nil
        }
    }

    /// The number of elements of a list; `nil` for anything else.
    var elementCount: Int? {
        switch self {
        case .node(let n):
            if case .array(let items) = n.kind { return items.count }
            return nil
        case .object: return nil
        case .list(let count, _): return count
        }
    }

    /// Member `i` of an object.
    func member(_ i: Int) -> (key: String, value: FittedNode) {
        switch self {
        case .node(let n):
            guard case .mapping(let entries) = n.kind else { preconditionFailure("member of a non-object") }
            return (entries[i].key, .node(entries[i].value))
        case .object(let entries): return entries[i]
        case .list: preconditionFailure("member of a list")
        }
    }

    /// Element `i` of a list.
    func element(_ i: Int) -> FittedNode {
        switch self {
        case .node(let n):
            guard case .array(let items) = n.kind else { preconditionFailure("element of a non-list") }
            return .node(items[i])
        case .list(_, let element): return element(i)
        case .object: preconditionFailure("element of an object")
        }
    }
}
