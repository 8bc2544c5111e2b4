import FormIR
import DocumentTree
import Expressions

/// `rules`, `required` and `value.minimum`/`value.maximum`: what the schema can say of `Validation`.
extension RowSchemaDocumentWriter {
    /// Named validators the schema can say as a regular expression.
    static let namedPatterns: [NamedValidator: String] = [
        .numeric: "^[0-9]*$", .numericOnly: "^[0-9]*$", .numericWithPeriods: "^[0-9.]*$",
        .lettersOnly: "^[A-Za-z]*$", .letters: "^[A-Za-z ]*$", .alphaOnly: "^[A-Za-z]*$", .alpha: "^[A-Za-z ]*$",
        .lettersNumericOnly: "^[A-Za-z0-9]*$", .lettersNumeric: "^[A-Za-z0-9 ]*$",
        .alphanumericOnly: "^[A-Za-z0-9]*$", .alphanumeric: "^[A-Za-z0-9 ]*$",
        .usPostalCode: "^[0-9]{5}(-[0-9]{4})?$", .canadianPostalCode: "^[A-Za-z][0-9][A-Za-z] ?[0-9][A-Za-z][0-9]$",
        .email: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$",
        .names: "^[\\p{L}' .-]*$", .namesNumeric: "^[\\p{L}0-9' .-]*$",
    ]

    static let relations: [FieldComparison.Relation: ComparisonOperator] = [
        .equal: .equal, .notEqual: .notEqual, .greaterThan: .greater, .lessThan: .less,
        .greaterThanOrEqual: .greaterOrEqual, .lessThanOrEqual: .lessOrEqual,
    ]

    static func isRanged(_ kind: FieldKind) -> Bool { kind == .slider || kind == .stepper }
    static func isDate(_ kind: FieldKind) -> Bool { kind == .date || kind == .time || kind == .dateTime || kind == .countdown }

    /// `value.minimum`/`value.maximum`: numbers on sliders and steppers, ISO 8601 on dates.
    mutating func bounds<Sink: DocumentSink>(_ field: Field, into o: inout RowSchemaOutput<Sink>,
                                             path: @autoclosure () -> String) {
        let v = field.validation
        if Self.isRanged(field.kind) {
            o.set("value.minimum", number: v.minValue)
            o.set("value.maximum", number: v.maxValue)
        }
        if Self.isDate(field.kind) {
            o.set("value.minimum", v.minDate)
            o.set("value.maximum", v.maxDate)
        } else if v.minDate != nil || v.maxDate != nil {
            diagnostics.loss(Feature.dateBounds.rawValue, target: target,
                             "\(target) has date bounds only on datetime rows ('\(field.id)')", at: field.location, path: path())
        }
    }

    /// `rules`: regular expressions, predicates, and what turns into them (named validators, length
    /// limits, value ranges of text rows, comparisons with other rows). The `rules` key is written
    /// with the first rule, so a row without rules has none.
    mutating func rules<Sink: DocumentSink>(_ field: Field, isEmailRow: Bool, into o: inout RowSchemaOutput<Sink>,
                                            path: @autoclosure () -> String) {
        let v = field.validation
        var started = false
        var comparisons = v.comparisons
        for p in v.patterns { rule("regexp", p.regex, p.message, started: &started, into: &o) }
        for n in v.named where n != .none {
            if n == .email && isEmailRow { continue }
            if let pattern = Self.namedPatterns[n] { rule("regexp", pattern, nil, started: &started, into: &o) }
            else if n.rawValue == "repeat", let other = repeated(field.id) {
                comparisons.append(FieldComparison(otherField: other, relation: .equal))
            } else {
                diagnostics.loss(Feature.namedValidator.rawValue, target: target,
                                 "\(target) cannot express the \(n.rawValue) validation of '\(field.id)'",
                                 at: field.location, path: path())
            }
        }
        if v.minLength != nil || v.maxLength != nil {
            rule("regexp", "^[\\s\\S]{\(v.minLength ?? 0),\(v.maxLength.map(String.init) ?? "")}$", nil,
                 started: &started, into: &o)
        }
        var predicates: [(FormIR.Expression, LocalizedText?)] = v.predicates.map { ($0.condition, $0.message) }
        if !Self.isRanged(field.kind) {
            if let m = v.minValue { predicates.append((.compare(.selfValue, .greaterOrEqual, .literal(.number(m))), nil)) }
            if let m = v.maxValue { predicates.append((.compare(.selfValue, .lessOrEqual, .literal(.number(m))), nil)) }
        }
        for c in comparisons {
            predicates.append((.compare(.selfValue, Self.relations[c.relation]!, .field(FieldReference(c.otherField))), nil))
        }
        for (condition, message) in predicates {
            guard Expressions.Predicate.expressible(condition, dialect: .rowPredicate) else {
                diagnostics.loss("condition", target: target,
                                 "\(target) cannot say a validation condition of '\(field.id)' as a predicate",
                                 at: field.location, path: path())
                continue
            }
            rule("predicate", Expressions.Predicate.print(condition, dialect: .rowPredicate), message,
                 started: &started, into: &o)
        }
        if started { o.endArray() }
    }

    /// One rule object, opening the `rules` array first if it is not yet.
    private func rule<Sink: DocumentSink>(_ key: String, _ text: String, _ message: LocalizedText?, started: inout Bool,
                                          into o: inout RowSchemaOutput<Sink>) {
        if !started {
            o.key("rules")
            o.beginArray()
            started = true
        }
        o.beginObject()
        o.set(key, text)
        o.set("message", self.text(message))
        o.endObject()
    }

    /// MM `repeat`: the field must equal the one its name repeats (`repeatEmail` → `email`).
    private func repeated(_ id: String) -> String? {
        guard id.hasPrefix("repeat"), id.count > 6 else { return nil }
        let rest = id.dropFirst(6)
        let candidates = [rest.prefix(1).lowercased() + rest.dropFirst(), String(rest)]
        return candidates.first { states.hasField($0) }
    }
}
