import FormIR
import Lowering
import DocumentTree
import Expressions

/// `rules`, `required` and `value.minimum`/`value.maximum`: what the schema can say of `Validation`.
extension RowSchemaDocumentWriter {
    static let relations: [FieldComparison.Relation: ComparisonOperator] = [
        .equal: .equal, .notEqual: .notEqual, .greaterThan: .greater, .lessThan: .less,
        .greaterThanOrEqual: .greaterOrEqual, .lessThanOrEqual: .lessOrEqual,
    ]

    static func isRanged(_ kind: FieldKind) -> Bool { kind == .slider || kind == .stepper }
    static func isDate(_ kind: FieldKind) -> Bool { kind == .date || kind == .time || kind == .dateTime || kind == .countdown }

    /// `value.minimum`/`value.maximum`: numbers on sliders and steppers, ISO 8601 on dates.
    mutating func bounds<Sink: DocumentSink>(_ field: Field, _ v: Validation, into o: inout RowSchemaOutput<Sink>,
                                             place: FeaturePlace) {
        let kind = field.kind
        if Self.isRanged(kind) {
            let (lower, upper) = RuleLowering.numericRange(v)
            o.set("value.minimum", number: lower)
            o.set("value.maximum", number: upper)
        }
        if Self.isDate(kind) {
            o.set("value.minimum", v.minDate)
            o.set("value.maximum", v.maxDate)
        } else if v.minDate != nil || v.maxDate != nil {
            diagnostics.loss(Feature.dateBounds.rawValue, target: target,
                             "\(target) has date bounds only on datetime rows ('\(field.id)')",
                             at: field.location, place: place, in: nil)
        }
    }

    /// `rules`: regular expressions, predicates, and what turns into them (named validators, length
    /// limits, value ranges of text rows, comparisons with other rows). The `rules` key is written
    /// with the first rule, so a row without rules has none.
    /// What the row schema checks of its own: `repeat` (a comparison), and `email` on email rows.
    static let rowAbilities = RuleAbilities(dialect: .icu, namedValidators: [.repeat])
    static let emailRowAbilities = RuleAbilities(dialect: .icu, namedValidators: [.email, .repeat])

    mutating func rules<Sink: DocumentSink>(_ field: Field, _ v: Validation, isEmailRow: Bool,
                                            into o: inout RowSchemaOutput<Sink>, place: FeaturePlace) {
        var started = false
        // An email row checks the address itself; `repeat` becomes a comparison below.
        let abilities = isEmailRow ? Self.emailRowAbilities : Self.rowAbilities
        let lowered: LoweredValidation
        if Self.isRanged(field.kind) {
            // A slider or stepper holds a number: checks every number passes, or whose range
            // `value.minimum`/`value.maximum` state, are no text patterns there.
            var textual = v
            textual.named = v.named.filter { !RuleLowering.holdsOnNumbers($0) }
            lowered = RuleLowering.textRules(textual, abilities: abilities)
        } else {
            lowered = RuleLowering.textRules(v, abilities: abilities)
        }
        for r in lowered.regexes { rule("regexp", r.regex, r.message, started: &started, into: &o) }
        RegexStandIns.report(lowered.regexes, field, target: target, idPrefix: "rowschema", rules: "regexp rules", site: .place(place),
                             into: &diagnostics)
        for u in lowered.unlowered {
            diagnostics.loss(u.feature.rawValue, target: target,
                             "\(target) cannot express the \(u.what) of '\(field.id)': \(u.reason)",
                             at: u.location ?? field.location, place: place, in: nil)
        }
        /// MM `repeat` comparisons, checked after the validation's own comparisons.
        var repeats: [String] = []
        if lowered.named.contains(.repeat) {
            if let other = repeated(field.id) {
                repeats.append(other)
                diagnostics.note("rowschema.repeat-as-comparison",
                                 "\(field.id): the repeat check is written as the predicate SELF == $\(other) (the same check; it reads back as that predicate)",
                                 at: field.location, path: place.path)
            } else {
                diagnostics.loss(Feature.namedValidator.rawValue, target: target,
                                 "\(target) cannot express the repeat validation of '\(field.id)': no row it repeats",
                                 at: field.location, place: place, in: nil)
            }
        }
        // Predicates in order: the validation's own, the value range of a row that is not a slider or
        // stepper, then the comparisons (the validation's, then `repeat`'s).
        for p in v.predicates { predicateRule(p.condition, p.message, field, started: &started, into: &o, place: place) }
        if !Self.isRanged(field.kind) {
            if let m = v.minValue {
                predicateRule(.compare(.selfValue, .greaterOrEqual, .literal(.number(m))), nil, field,
                              started: &started, into: &o, place: place)
            }
            if let m = v.maxValue {
                predicateRule(.compare(.selfValue, .lessOrEqual, .literal(.number(m))), nil, field,
                              started: &started, into: &o, place: place)
            }
        }
        for c in v.comparisons {
            predicateRule(.compare(.selfValue, Self.relations[c.relation]!, .field(FieldReference(c.otherField))), nil, field,
                          started: &started, into: &o, place: place)
        }
        for other in repeats {
            predicateRule(.compare(.selfValue, .equal, .field(FieldReference(other))), nil, field,
                          started: &started, into: &o, place: place)
        }
        // The answer a consent question must get: `SELF == "Y"` (one value; a multiple choice has no such predicate).
        if let r = v.requiredValue {
            if let literal = Self.literal(r), !field.allowsMultiple, field.kind != .multipleChoice {
                predicateRule(.compare(.selfValue, .equal, .literal(literal)), nil, field, started: &started, into: &o, place: place)
            } else {
                diagnostics.loss(Feature.requiredValue.rawValue, target: target,
                                 "\(target) cannot require the value \(r.displayText) of '\(field.id)'", at: field.location, place: place, in: nil)
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

    /// One predicate rule, or a loss when the condition cannot be said as a row predicate.
    private mutating func predicateRule<Sink: DocumentSink>(_ condition: FormIR.Expression, _ message: LocalizedText?,
                                                            _ field: Field, started: inout Bool,
                                                            into o: inout RowSchemaOutput<Sink>,
                                                            place: FeaturePlace) {
        guard let text = Expressions.Predicate.printIfExpressible(condition, dialect: .rowPredicate) else {
            diagnostics.loss("condition", target: target,
                             "\(target) cannot say a validation condition of '\(field.id)' as a predicate",
                             at: field.location, place: place, in: nil)
            return
        }
        rule("predicate", text, message, started: &started, into: &o)
    }

    /// One rule object, opening the `rules` array first if it is not yet.
    private func rule<Sink: DocumentSink>(_ key: StaticString, _ text: String, _ message: LocalizedText?, started: inout Bool,
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
