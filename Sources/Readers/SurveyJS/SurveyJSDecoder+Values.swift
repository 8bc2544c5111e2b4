import FormIR
import DocumentTree
import Expressions

extension SurveyJSDecoder {
    /// A localizable string: plain text, or a locale map `{"default": …, "fr": …}` (`default` is the
    /// text without a locale). A map with neither `default`, `en` nor the survey's locale shows nothing
    /// in survey-core's default language and is reported.
    mutating func text(_ node: Node?, owner: String, key: String = "title") -> LocalizedText? {
        guard let node else { return nil }
        if let s = node.stringValue { return LocalizedText(s) }
        guard let entries = node.mappingEntries else {
            diagnostics.warning("surveyjs.wrong-type", "\(key) of \(owner) is \(node.typeName), not text or a locale map; it is ignored", at: node.location)
            return nil
        }
        var t = LocalizedText()
        let keys = Set(entries.map(\.key))
        // `default` is the text shown in the survey's own language when the map has none for it.
        let defaultLocale = surveyLocale.flatMap { keys.contains($0) ? nil : Self.irLocale($0) }
        for e in entries {
            guard let s = e.value.stringValue else {
                diagnostics.warning("surveyjs.wrong-type", "the '\(e.key)' text of \(key) of \(owner) is \(e.value.typeName), not text; it is ignored",
                                    at: e.value.location)
                continue
            }
            t.entries.append(.init(locale: e.key == "default" ? defaultLocale : Self.irLocale(e.key), text: s))
        }
        if !keys.isEmpty, !keys.contains("default"), !keys.contains("en"), !(surveyLocale.map(keys.contains) ?? false) {
            diagnostics.warning("surveyjs.missing-default-text",
                                "\(key) of \(owner) has no 'default' text (only \(entries.map(\.key).joined(separator: ", "))): survey-core shows it empty in the default language",
                                at: node.location)
        }
        return t.isEmpty ? nil : t
    }

    /// A SurveyJS language code in the IR's spelling: `fr-ca` → `fr_CA` (language in lower case, a
    /// two-letter region in upper case, joined by `_`), as the other formats name locales.
    static func irLocale(_ tag: String) -> String {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let language = parts.first, parts.count > 1 else { return tag }
        return ([language.lowercased()] + parts.dropFirst().map { $0.count == 2 ? $0.uppercased() : $0 }).joined(separator: "_")
    }

    /// A boolean property; the text `"true"`/`"false"` (which survey-core's JSON loader does not turn
    /// into a boolean) is read as meant and reported.
    mutating func flag(_ node: Node?, owner: String, key: String) -> Bool? {
        guard let node else { return nil }
        if let b = node.boolValue { return b }
        if let s = node.stringValue, ["true", "false"].contains(s.lowercased()) {
            diagnostics.warning("surveyjs.text-boolean",
                                "\(key) of \(owner) is the text \"\(s)\", not the boolean \(s.lowercased()); read as \(s.lowercased()) (write it without quotes)",
                                at: node.location)
            return s.lowercased() == "true"
        }
        diagnostics.warning("surveyjs.wrong-type", "\(key) of \(owner) is \(node.typeName), not a boolean; it is ignored", at: node.location)
        return nil
    }

    /// A number property (numbers written as text are read and reported).
    mutating func number(_ node: Node?, owner: String, key: String) -> Double? {
        guard let node else { return nil }
        if let d = node.doubleValue { return d }
        if let s = node.stringValue, let d = Double(s) {
            diagnostics.warning("surveyjs.text-number", "\(key) of \(owner) is the text \"\(s)\", not a number; read as \(Value.format(d))",
                                at: node.location)
            return d
        }
        diagnostics.warning("surveyjs.wrong-type", "\(key) of \(owner) is \(node.typeName), not a number; it is ignored", at: node.location)
        return nil
    }

    /// The items of an array property, or `nil` (reported) when it is something else.
    mutating func array(_ node: Node, owner: String, key: String) -> [Node]? {
        if let a = node.arrayValue { return a }
        diagnostics.warning("surveyjs.wrong-type", "\(key) of \(owner) is \(node.typeName), not an array; it is ignored", at: node.location)
        return nil
    }

    /// Reports keys the published schema does not define for the element, with the closest defined
    /// name and the old spellings survey-core still reads.
    mutating func checkProperties(_ node: Node, allowed: Set<String>, owner: String) {
        guard let entries = node.mappingEntries, !allowed.isEmpty else { return }
        for e in entries where !allowed.contains(e.key) {
            if e.key == "questions" || e.key == "type" { continue }  // reported where read
            if let modern = Self.legacyNames[e.key] {
                diagnostics.warning("surveyjs.legacy-spelling", "'\(e.key)' of \(owner) is the old name of '\(modern)'",
                                    at: e.keyLocation ?? e.value.location)
                continue
            }
            let hint = Suggest.closest(to: e.key, in: allowed.sorted()).map { "; did you mean '\($0)'?" } ?? ""
            diagnostics.warning("surveyjs.unknown-property",
                                "\(owner) has the property '\(e.key)', which SurveyJS does not define; survey-core ignores it\(hint)",
                                at: e.keyLocation ?? e.value.location)
        }
    }

    /// Old property names survey-core still reads, by the name that replaced them.
    static let legacyNames: [String: String] = [
        "hasOther": "showOtherItem", "hasNone": "showNoneItem", "hasComment": "showCommentArea", "hasSelectAll": "showSelectAllItem",
    ]

    /// A behaviour of the survey that the IR has no home for, reported by element and property.
    mutating func notCarried(_ key: String, of owner: String, _ why: String, at node: Node?) {
        diagnostics.warning("surveyjs.not-carried", "\(key) of \(owner) is not carried: \(why)", at: node?.location)
    }

    /// An expression property, parsed; a syntax error is reported at its position in the file (the
    /// element then keeps its initial state).
    mutating func condition(_ node: Node?, key: String, owner: String) -> ParsedCondition? {
        guard let node else { return nil }
        guard let text = node.stringValue else {
            if let b = node.boolValue {
                return ParsedCondition(syntax: .bool(b), text: b ? "true" : "false", key: key, location: node.location)
            }
            diagnostics.warning("surveyjs.wrong-type", "\(key) of \(owner) is \(node.typeName), not an expression; it is ignored", at: node.location)
            return nil
        }
        if text.allSatisfy(\.isWhitespace) { return nil }
        do {
            return ParsedCondition(syntax: try SurveyJSCondition.parse(text), text: text, key: key, location: node.location)
        } catch {
            diagnostics.warning("surveyjs.condition-syntax",
                                "\(key) of \(owner) does not parse: \(error.message) in \(text.excerpt(limit: 80)); survey-core skips it, so the element keeps its initial state",
                                at: Self.inside(node.location, column: error.column))
            return nil
        }
    }

    /// The position of column `column` of a JSON string's text (after its opening quote).
    static func inside(_ location: SourceLocation?, column: Int) -> SourceLocation? {
        guard var l = location else { return nil }
        l.column += column
        return l
    }
}
