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
    mutating func bounds<Sink: DocumentSink>(_ field: Field, _ v: Validation, into o: inout RowSchemaOutput<Sink>,
                                             path: @autoclosure () -> String) {
        let kind = field.kind
        if Self.isRanged(kind) {
            o.set("value.minimum", number: v.minValue)
            o.set("value.maximum", number: v.maxValue)
        }
        if Self.isDate(kind) {
            o.set("value.minimum", v.minDate)
            o.set("value.maximum", v.maxDate)
        } else if v.minDate != nil || v.maxDate != nil {
            diagnostics.loss(Feature.dateBounds.rawValue, target: target,
                             "\(target) has date bounds only on datetime rows ('\(field.id)')",
                             at: field.location, path: path())
        }
    }

    /// `rules`: regular expressions, predicates, and what turns into them (named validators, length
    /// limits, value ranges of text rows, comparisons with other rows). The `rules` key is written
    /// with the first rule, so a row without rules has none.
    mutating func rules<Sink: DocumentSink>(_ field: Field, _ v: Validation, isEmailRow: Bool,
                                            into o: inout RowSchemaOutput<Sink>, path: @autoclosure () -> String) {
        var started = false
        for i in v.patterns.indices { rule("regexp", v.patterns[i].regex, v.patterns[i].message, started: &started, into: &o) }
        /// MM `repeat` comparisons, checked after the validation's own comparisons.
        var repeats: [String] = []
        for n in v.named where n != .none {
            if n == .email && isEmailRow { continue }
            if let pattern = Self.namedPatterns[n] { rule("regexp", pattern, nil, started: &started, into: &o) }
            else if n.rawValue == "repeat", let other = repeated(field.id) {
                repeats.append(other)
            } else {
                diagnostics.loss(Feature.namedValidator.rawValue, target: target,
                                 "\(target) cannot express the \(n.rawValue) validation of '\(field.id)'",
                                 at: field.location, path: path())
            }
        }
        if v.minLength != nil || v.maxLength != nil {
            rule("regexp", Self.lengthPattern(v.minLength ?? 0, v.maxLength), nil, started: &started, into: &o)
        }
        // Predicates in order: the validation's own, the value range of a row that is not a slider or
        // stepper, then the comparisons (the validation's, then `repeat`'s).
        for p in v.predicates { predicateRule(p.condition, p.message, field, started: &started, into: &o, path: path()) }
        if !Self.isRanged(field.kind) {
            if let m = v.minValue {
                predicateRule(.compare(.selfValue, .greaterOrEqual, .literal(.number(m))), nil, field,
                              started: &started, into: &o, path: path())
            }
            if let m = v.maxValue {
                predicateRule(.compare(.selfValue, .lessOrEqual, .literal(.number(m))), nil, field,
                              started: &started, into: &o, path: path())
            }
        }
        for c in v.comparisons {
            predicateRule(.compare(.selfValue, Self.relations[c.relation]!, .field(FieldReference(c.otherField))), nil, field,
                          started: &started, into: &o, path: path())
        }
        for other in repeats {
            predicateRule(.compare(.selfValue, .equal, .field(FieldReference(other))), nil, field,
                          started: &started, into: &o, path: path())
        }
        // The answer a consent question must get: `SELF == "Y"` (one value; a multiple choice has no such predicate).
        if let r = v.requiredValue {
            if let literal = Self.literal(r), !field.allowsMultiple, field.kind != .multipleChoice {
                predicateRule(.compare(.selfValue, .equal, .literal(literal)), nil, field, started: &started, into: &o, path: path())
            } else {
                diagnostics.loss(Feature.requiredValue.rawValue, target: target,
                                 "\(target) cannot require the value \(r.displayText) of '\(field.id)'", at: field.location, path: path())
            }
        }
        if started { o.endArray() }
    }

    /// A text or number value as a predicate literal.
    static func literal(_ v: Value) -> Literal? {
        switch v {
        case .string(let s): .string(s)
        case .int(let i): .number(Double(i))
        case .double(let d): .number(d)
        default: nil
        }
    }

    /// `^[\s\S]{min,max}$`, the pattern of a length limit (no upper bound when `max` is `nil`).
    static func lengthPattern(_ min: Int, _ max: Int?) -> String {
        "^[\\s\\S]{\(min),\(max.map(String.init) ?? "")}$"
    }

    /// One predicate rule, or a loss when the condition cannot be said as a row predicate.
    private mutating func predicateRule<Sink: DocumentSink>(_ condition: FormIR.Expression, _ message: LocalizedText?,
                                                            _ field: Field, started: inout Bool,
                                                            into o: inout RowSchemaOutput<Sink>,
                                                            path: @autoclosure () -> String) {
        guard let text = Expressions.Predicate.printIfExpressible(condition, dialect: .rowPredicate) else {
            diagnostics.loss("condition", target: target,
                             "\(target) cannot say a validation condition of '\(field.id)' as a predicate",
                             at: field.location, path: path())
            return
        }
        rule("predicate", text, message, started: &started, into: &o)
    }

    /// One rule object, opening the `rules` array first if it is not yet.
    private func rule<Sink: DocumentSink>(_ key: String, _ text: String, _ message: LocalizedText?, started: inout Bool,
                                          into o: inout RowSchemaOutput<Sink>) {
        if !started {
            o.key("rules")
            o.beginArray()
            started = true
        }
        o.beginObject(keepingKeys: false)
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
