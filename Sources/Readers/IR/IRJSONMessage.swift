/// Messages of the version 2 reader, declared once. `ir.invalid` messages end with the JSON path
/// (`at /pages/0/isHidden`), which `IRJSONElement.invalid` adds.
enum IRJSONMessage {
    static func missingKey(_ key: String) -> String { "missing key '\(key)'" }
    static func expected(_ what: String, found: String) -> String { "expected \(what), found \(found)" }
    /// A name that is not one of the set's (`unknown action 'explode'`).
    static func unknown(_ what: String, _ name: String) -> String { "unknown \(what) '\(name)'" }
    static func oneKey(_ what: String, found count: Int) -> String {
        "expected \(what): an object with one key, found \(count) keys"
    }
    static func unknownKey(_ key: String, at path: String) -> String { "unknown key '\(key.excerpt())' at \(path) (ignored)" }
    static func badLocation(_ text: String) -> String {
        "expected a location 'line:column' or 'file:line:column', found '\(text)'"
    }
    static func locationWithoutFile(_ text: String) -> String {
        "location '\(text)' names no file, and the document has no 'file'"
    }
    static let text = "a text (a string, an object by locale or a list of entries)"
    static let expression = "an expression (a literal, or an object keyed by its operator)"
    static let expressionObject = "expected an expression: an object keyed by its operator"
    static func operators(_ names: [String]) -> String {
        "an expression has one operator, found \(names.joined(separator: ", "))"
    }
    static func operands(_ count: Int) -> String { "expected [left, right], found \(count) operands" }
    static func fieldPair(_ count: Int) -> String { "expected two field ids, found \(count)" }
    static let expectedTrue = "expected true"
}
