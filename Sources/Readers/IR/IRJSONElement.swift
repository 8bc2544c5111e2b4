import DocumentTree
import FormIR

/// A value of an IR document with its JSON path (`/pages/0/sections/1/fields/2`), read by type: a
/// value of another type is an `ir.invalid` error that names the path and stands at the value.
struct IRJSONElement {
    let node: Node
    /// A JSON pointer (RFC 6901); `""` for the document itself.
    let path: String

    /// The path as messages print it: `/` for the document.
    var displayPath: String { path.isEmpty ? "/" : path }

    func child(_ key: String, _ node: Node) -> IRJSONElement {
        guard key.contains("~") || key.contains("/") else { return IRJSONElement(node: node, path: path + "/" + key) }
        var escaped = ""
        for c in key {
            switch c {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(c)
            }
        }
        return IRJSONElement(node: node, path: path + "/" + escaped)
    }

    func invalid(_ message: String) -> ReadFailure {
        ReadFailure(Diagnostic(.error, id: "ir.invalid", "\(message) at \(displayPath)", at: node.location, path: displayPath))
    }

    func expected(_ what: String) -> ReadFailure { invalid(IRJSONMessage.expected(what, found: typeName)) }

    func unknown(_ what: String, _ name: String) -> ReadFailure { invalid(IRJSONMessage.unknown(what, name)) }

    /// The JSON name of the node's type: "a string", "an object", …
    var typeName: String { if case .mapping = node.kind { return "an object" }; return node.typeName }

    func string() throws -> String {
        guard case .string(let s) = node.kind else { throw expected("a string") }
        return s
    }

    func bool() throws -> Bool {
        guard case .bool(let b) = node.kind else { throw expected("a boolean") }
        return b
    }

    func int() throws -> Int {
        guard let i = node.intValue else { throw expected("an integer") }
        return i
    }

    /// A number, or one of the non-finite `"+infinity"`, `"-infinity"`, `"nan"`.
    func number() throws -> Double {
        switch node.kind {
        case .int(let i): return Double(i)
        case .double(let d): return d
        case .string("+infinity"): return .infinity
        case .string("-infinity"): return -.infinity
        case .string("nan"): return .nan
        default: throw expected("a number")
        }
    }

    func array() throws -> [IRJSONElement] {
        guard case .array(let items) = node.kind else { throw expected("an array") }
        return items.enumerated().map { child(String($0.offset), $0.element) }
    }

    /// A raw value of `T`: `what` names it in the message (`unknown relation 'bigger'`).
    func choice<T: RawRepresentable>(_ type: T.Type, _ what: String) throws -> T where T.RawValue == String {
        let s = try string()
        guard let value = T(rawValue: s) else { throw unknown(what, s) }
        return value
    }

    /// The name and content of a one-key object (`{"linksTo": "email"}`): `what` names the kind of value.
    func tagged(_ what: String) throws -> (name: String, content: IRJSONElement) {
        guard case .mapping(let entries) = node.kind else { throw expected(what) }
        guard entries.count == 1 else { throw invalid(IRJSONMessage.oneKey(what, found: entries.count)) }
        return (entries[0].key, child(entries[0].key, entries[0].value))
    }
}
