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
    mutating func bounds<Sink: DocumentSink>(_ field: UnsafePointer<Field>, into o: inout RowSchemaOutput<Sink>,
                                             path: @autoclosure () -> String) {
        if Self.isRanged(field.pointee.kind) {
            o.set("value.minimum", number: field.pointee.validation.minValue)
            o.set("value.maximum", number: field.pointee.validation.maxValue)
        }
        if Self.isDate(field.pointee.kind) {
            o.set("value.minimum", field.pointee.validation.minDate)
            o.set("value.maximum", field.pointee.validation.maxDate)
        } else if field.pointee.validation.minDate != nil || field.pointee.validation.maxDate != nil {
            diagnostics.loss(Feature.dateBounds.rawValue, target: target,
                             "\(target) has date bounds only on datetime rows ('\(field.pointee.id)')",
                             at: field.pointee.location, path: path())
        }
    }

    /// `rules`: regular expressions, predicates, and what turns into them (named validators, length
    /// limits, value ranges of text rows, comparisons with other rows). The `rules` key is written
    /// with the first rule, so a row without rules has none.
    mutating func rules<Sink: DocumentSink>(_ field: UnsafePointer<Field>, isEmailRow: Bool, into o: inout RowSchemaOutput<Sink>,
                                            path: @autoclosure () -> String) {
        var started = false
        var comparisons = field.pointee.validation.comparisons
        for p in field.pointee.validation.patterns { rule("regexp", p.regex, p.message, started: &started, into: &o) }
        for n in field.pointee.validation.named where n != .none {
            if n == .email && isEmailRow { continue }
            if let pattern = Self.namedPatterns[n] { rule("regexp", pattern, nil, started: &started, into: &o) }
            else if n.rawValue == "repeat", let other = repeated(field.pointee.id) {
                comparisons.append(FieldComparison(otherField: other, relation: .equal))
            } else {
                diagnostics.loss(Feature.namedValidator.rawValue, target: target,
                                 "\(target) cannot express the \(n.rawValue) validation of '\(field.pointee.id)'",
                                 at: field.pointee.location, path: path())
            }
        }
        if field.pointee.validation.minLength != nil || field.pointee.validation.maxLength != nil {
            let lower = field.pointee.validation.minLength ?? 0
            let upper = field.pointee.validation.maxLength.map(String.init) ?? ""
            rule("regexp", "^[\\s\\S]{\(lower),\(upper)}$", nil, started: &started, into: &o)
        }
        var predicates: [(FormIR.Expression, LocalizedText?)] =
            field.pointee.validation.predicates.map { ($0.condition, $0.message) }
        if !Self.isRanged(field.pointee.kind) {
            if let m = field.pointee.validation.minValue {
                predicates.append((.compare(.selfValue, .greaterOrEqual, .literal(.number(m))), nil))
            }
            if let m = field.pointee.validation.maxValue {
                predicates.append((.compare(.selfValue, .lessOrEqual, .literal(.number(m))), nil))
            }
        }
        for c in comparisons {
            predicates.append((.compare(.selfValue, Self.relations[c.relation]!, .field(FieldReference(c.otherField))), nil))
        }
        for (condition, message) in predicates {
            guard let text = Expressions.Predicate.printIfExpressible(condition, dialect: .rowPredicate) else {
                diagnostics.loss("condition", target: target,
                                 "\(target) cannot say a validation condition of '\(field.pointee.id)' as a predicate",
                                 at: field.pointee.location, path: path())
                continue
            }
            rule("predicate", text, message,
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
