import DocumentTree
import Foundation
import FormIR
import Lowering

extension PayloadSchemaBuilder {
    /// The schema of one submitted key: texts, type and the constraints its validation implies. `filled`:
    /// the item is required in every state, so its value is never blank; otherwise blank values (the
    /// empty text, no option) are accepted.
    mutating func propertySchema(_ field: Field, key: SubmittedKey, shape: ValueShape, options: [Option],
                                 filled: Bool, path: String) -> SchemaObject {
        var o = SchemaObject()
        if let label = titles?.title(of: field)?.text ?? field.texts.label {
            setTexts(label, suffix: Self.componentSuffix(key, field), titleKey: "title", localesKey: "x-formconv-titles", in: &o)
        }
        if let detail = field.texts.detail, key.component == nil {
            setTexts(detail, suffix: nil, titleKey: "description", localesKey: "x-formconv-descriptions", in: &o)
        }
        let v = field.validation
        switch key.valueType {
        case .string where key.component == "partClone":
            o.set("type", .string("string"))
            if let pc = field.submission.partClone, pc.count != 0 { o.set("maxLength", .int(abs(pc.count))) }
        case .string where key.component != nil:
            o.set("type", .string("string"))
            if filled { o.set("minLength", .int(1)) }
        case .string:
            if !options.isEmpty || field.optionRange != nil {
                writeOptions(options, range: field.optionRange, shape: shape, allowEmpty: !filled, into: &o,
                             field: field, path: path)
                reportUnusable(field, path: path, length: true, range: true, patterns: true)
            } else if shape == .any {
                reportUnusable(field, path: path, length: true, range: true, patterns: true)
            } else {
                o.set("type", .string("string"))
                writeTextValidation(field, filled: filled, into: &o, path: path)
            }
        case .integer, .number:
            o.set("type", .string(key.valueType == .integer ? "integer" : "number"))
            let (lower, upper) = RuleLowering.numericRange(v)
            if let lower { o.set("minimum", .number(lower)) }
            if let upper { o.set("maximum", .number(upper)) }
            reportUnusable(field, path: path, length: true, range: false, patterns: true)
        case .boolean:
            o.set("type", .string("boolean"))
            if filled { o.set("const", .bool(true)) }
        case .zeroOne:
            o.set("type", .string("integer"))
            if filled { o.set("const", .int(1)) } else { o.set("enum", .array([.int(0), .int(1)])) }
        case .bitmask(let count, let overrides):
            writeBitmask(count: count, overrides: overrides, filled: filled, into: &o, field: field, path: path)
        case .array:
            o.set("type", .string("array"))
            var items = SchemaObject()
            writeOptions(options, range: field.optionRange, shape: ValueShape.ofOptions(options), allowEmpty: false,
                         into: &items, field: field, path: path)
            if !items.isEmpty { o.set("items", items.node) }
            o.set("uniqueItems", .bool(true))
            if let n = filled ? max(v.minSelected ?? 0, 1) : v.minSelected { o.set("minItems", .int(n)) }
            if let n = v.maxSelected { o.set("maxItems", .int(n)) }
        case .dateComponent(let part):
            o.set("type", .string("string"))
            let pattern = switch part {
            case "day": "(?:0?[1-9]|[12][0-9]|3[01])"
            case "month": "(?:0?[1-9]|1[0-2])"
            default: "[0-9]{4}"
            }
            o.set("pattern", .string(filled ? "^\(pattern)$" : "^(?:\(pattern))?$"))
        case .unixTime:
            o.set("type", .string("integer"))
        case .formattedDate(let format):
            o.set("type", .string("string"))
            let f = format.trimmingCharacters(in: .whitespaces)
            if let p = DateFormatPattern.regex(for: f) {
                o.set("pattern", .string(filled ? p : "^(?:" + p.dropFirst().dropLast() + ")?$"))
            }
            o.set("x-formconv-date-format", .string(f))
        case .isoDate:
            o.set("type", .string("string"))
            switch field.kind {
            case .date: o.set("format", .string("date"))
            case .dateTime: o.set("format", .string("date-time"))
            case .time: o.set("format", .string("time"))
            default: break
            }
        }
        // `editable="NO"`: the user cannot change the value; the app still sends it.
        if field.isDisabled { o.set("readOnly", .bool(true)) }
        if key.component == nil {
            writePredicates(field, shape: shape, filled: filled, into: &o, path: path)
            writeDefault(field, key: key, shape: shape, into: &o, path: path)
            writeRequiredValue(field, key: key, shape: shape, into: &o, path: path)
        }
        return o
    }

    /// Validation predicates over `SELF` as `allOf` items (an optional text value may also be empty).
    private mutating func writePredicates(_ field: Field, shape: ValueShape, filled: Bool, into o: inout SchemaObject,
                                          path: String) {
        var items: [Node] = []
        if case .array(let existing)? = o["allOf"]?.kind { items = existing }
        for p in field.validation.predicates {
            let result = ConditionTranslator().translateValue(p.condition, shape: shape, numericText: Self.sendsText(field))
            switch result {
            case .success(let node):
                items.append(shape == .string && !filled ? .object([("if", Self.nonEmpty), ("then", node)]) : node)
                if p.message != nil {
                    diagnostics.loss(Feature.predicateValidation.rawValue, target: target,
                                     "json-schema keeps the predicate rule of '\(field.id)' but not its message",
                                     at: p.location ?? field.location, path: path)
                }
            case .failure(let f):
                diagnostics.loss(Feature.predicateValidation.rawValue, target: target,
                                 "json-schema cannot express the predicate rule of '\(field.id)': \(f.reason)",
                                 at: p.location ?? field.location, path: path)
            }
        }
        if !items.isEmpty { o.set("allOf", .array(items)) }
    }

    /// The `if` of a rule that holds only for a text that is not empty (an optional answer may be `""`).
    static let nonEmpty = Node.object([("minLength", .int(1))])

    /// `title`/`description` in the chosen locale, the other locales under `localesKey`.
    func setTexts(_ text: LocalizedText, suffix: String?, titleKey: String, localesKey: String, in o: inout SchemaObject) {
        let chosen = locale.flatMap { l in text.entries.firstIndex { $0.locale?.lowercased() == l.lowercased() } }
            ?? text.entries.firstIndex { $0.locale == nil } ?? (text.entries.isEmpty ? nil : 0)
        guard let chosen else { return }
        let add = { (s: String) in suffix.map { "\(s) (\($0))" } ?? s }
        o.set(titleKey, .string(add(text.entries[chosen].text)))
        let others = text.entries.indices.filter { $0 != chosen && text.entries[$0].locale != nil }
        if !others.isEmpty {
            o.set(localesKey, .object(others.map { (text.entries[$0].locale!, .string(add(text.entries[$0].text))) }))
        }
    }

    static func componentSuffix(_ key: SubmittedKey, _ field: Field) -> String? {
        guard let c = key.component else { return nil }
        guard c == "partClone" else { return c }
        guard let pc = field.submission.partClone, pc.count != 0 else { return "copy" }
        return pc.count > 0 ? "first \(pc.count) characters" : "last \(-pc.count) characters"
    }

    /// What JSON Schema states itself: ECMA-262 patterns, `format: email`, `minLength`/`maxLength`.
    static let ruleAbilities = RuleAbilities(dialect: .ecma262, namedValidators: [.email], minLength: true, maxLength: true)

    private mutating func writeTextValidation(_ field: Field, filled: Bool, into o: inout SchemaObject, path: String) {
        let v = field.validation
        // An optional e-mail left empty submits "", which `format` (when asserted) rejects.
        func setFormat(_ f: String) {
            if filled { o.set("format", .string(f)); return }
            o.set("if", Self.nonEmpty)
            o.set("then", .object([("format", .string(f))]))
        }
        if field.kind == .email { setFormat("email") }
        let lowered = RuleLowering.textRules(v, abilities: Self.ruleAbilities)
        if let n = filled ? max(lowered.minLength ?? 0, 1) : lowered.minLength { o.set("minLength", .int(n)) }
        if let n = lowered.maxLength { o.set("maxLength", .int(n)) }
        if lowered.named.contains(.email) { setFormat("email") }
        let patterns = lowered.regexes.map(\.regex)
        var lost: [String] = []
        for u in lowered.unlowered {
            if case .pattern(let i) = u.origin {
                lost.append(v.patterns[i].regex)
                diagnostics.loss(u.feature.rawValue, target: target,
                                 "json-schema cannot express the \(u.what) of '\(field.id)': \(u.reason); kept as x-formconv-pattern",
                                 at: u.location ?? field.location, path: path)
            } else {
                diagnostics.loss(u.feature.rawValue, target: target,
                                 "json-schema cannot express the \(u.what) of '\(field.id)': \(u.reason)",
                                 at: field.location, path: path)
            }
        }
        if let first = patterns.first { o.set("pattern", .string(first)) }
        if patterns.count > 1 {
            o.set("allOf", .array(patterns.dropFirst().map { .object([("pattern", .string($0))]) }))
        }
        if !lost.isEmpty { o.set("x-formconv-pattern", lost.count == 1 ? .string(lost[0]) : .strings(lost)) }
        reportUnusable(field, path: path, length: false, range: true, patterns: false)
    }

    /// Reports validation settings the key's JSON type cannot carry.
    mutating func reportUnusable(_ field: Field, path: String, length: Bool, range: Bool, patterns: Bool) {
        let v = field.validation
        func lose(_ f: Feature, _ what: String) {
            diagnostics.loss(f.rawValue, target: target,
                             "json-schema cannot express the \(what) of '\(field.id)': its submitted value is not \(f == .valueRange ? "a number" : "free text")",
                             at: field.location, path: path)
        }
        if length, v.minLength != nil || v.maxLength != nil { lose(.length, "length limits") }
        if range, v.minValue != nil || v.maxValue != nil { lose(.valueRange, "value range") }
        if patterns {
            for p in v.patterns { lose(.pattern, "regex \(p.regex)") }
            for n in v.named where !RuleLowering.holdsOnNumbers(n) {
                lose(.namedValidator, "\(n.rawValue) validation")
            }
        }
        if v.minSelected != nil || v.maxSelected != nil, field.kind != .multipleChoice || field.presentation == .radio
            || field.presentation == .imagePicker {
            diagnostics.loss(Feature.selectionCount.rawValue, target: target,
                             "json-schema cannot express the selection count of '\(field.id)': it submits \(field.allowsMultiple ? "a bitmask" : "one value")",
                             at: field.location, path: path)
        }
    }

    private mutating func writeBitmask(count: Int, overrides: [Submission.Override], filled: Bool,
                                       into o: inout SchemaObject, field: Field, path: String) {
        let n = min(count, 52)
        var numbers = SchemaObject()
        numbers.set("type", .string("integer"))
        numbers.set("minimum", .int(filled ? 1 : 0))
        numbers.set("maximum", .int((1 << n) - 1))
        let replaced = overrides.compactMap { Int($0.value.trimmingCharacters(in: .whitespaces)) }
        if !replaced.isEmpty { numbers.set("not", .object([("enum", .array(replaced.map { .int($0) }))])) }
        for (k, v) in numbers.entries { o.set(k, v) }
        if !overrides.isEmpty {
            // A number (the bitmask, its keywords hold only for numbers) or an override text, without an
            // `anyOf` that web libraries would render as a picker between schemas.
            o.set("type", .strings(["integer", "string"]))
            o.set("if", .object([("type", .string("string"))]))
            o.set("then", .object([("enum", .strings(overrides.map(\.text)))]))
        }
        o.set("x-formconv-bitmask", .array(field.options.enumerated().map { i, opt in
            .object([("bit", .int(1 << min(i, 52))), ("value", Node.json(opt.value) ?? .string(opt.value.displayText))])
        }))
        reportUnusable(field, path: path, length: true, range: true, patterns: true)
    }
}
