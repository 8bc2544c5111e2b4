import DocumentTree
import FormIR
import Lowering

/// Builds the schema of the payload a form submits: one property per submitted key (as
/// `SubmissionModel` names them), `required` for keys that must be present in every payload, and
/// `allOf` conditionals for what the relationships change.
struct PayloadSchemaBuilder {
    /// One submitted key of one field.
    struct Entry {
        var key: String
        var fieldID: String
        var component: String?
        var shape: ValueShape
        var schema: SchemaObject
        /// When the key must be present.
        var required: Formula
        var path: String
        var location: SourceLocation?
    }

    /// A conditional: when `when` holds, the payload must also satisfy `then`.
    struct Conditional {
        var when: Formula
        var then: SchemaObject
    }

    let form: Form
    let draft: SchemaDraft
    let target: String
    /// The locale whose texts become `title`/`description`.
    let locale: String?
    let states: RuleStates
    var diagnostics: Diagnostics
    /// Titles for unlabelled fields (the web targets set it; the JSON Schema titles only labels).
    var titles: FieldTitles?
    var entries: [Entry] = []
    /// Index of each key's entry.
    var entryIndex: [String: Int] = [:]
    var conditionals: [Conditional] = []
    /// Per key several fields submit, each field's own entry in document order (`share(_:with:)`).
    var shared: [String: [Entry]] = [:]
    /// The translator of conditions over the collected entries (`conditionTranslator()`), made once by
    /// `build()` for its conditionals and for the emitters that translate more conditions after it.
    var translator = ConditionTranslator()
    /// Translated conditions of the rules this emitter uses (failures are reported once).
    var translated: [Int: Result<Node, ConditionTranslator.Failure>] = [:]

    init(form: Form, draft: SchemaDraft, target: String, locale: String?, diagnostics: Diagnostics) {
        self.form = form
        self.draft = draft
        self.target = target
        self.locale = locale
        self.states = RuleStates(form: form)
        self.diagnostics = diagnostics
    }

    /// The whole schema.
    mutating func build() -> Node {
        collectEntries()
        translateConditions()
        let required = requiredConditionals()
        var root = SchemaObject()
        root.set("$schema", .string(draft.uri))
        if let id = form.id, !id.isEmpty { root.set("$id", .string("urn:formconv:form:" + Self.urnEncoded(id))) }
        if let title = form.title { setTexts(title, suffix: nil, titleKey: "title", localesKey: "x-formconv-titles", in: &root) }
        root.set("type", .string("object"))
        let properties = entries.map { ($0.key, $0.schema.node) }
        for (entry, property) in zip(entries, properties) {
            UnwritableValues.report(property.1, path: "/properties/\(UnwritableValues.pointerEscaped(entry.key))", syntax: .json,
                                    target: target, at: entry.location, subject: entry.key, into: &diagnostics)
        }
        root.set("properties", .object(properties))
        let repeating = repeatingRowPatterns()
        if !repeating.isEmpty { root.set("patternProperties", .object(repeating)) }
        if !required.isEmpty { root.set("required", .strings(required)) }
        root.set("additionalProperties", .bool(false))
        let all = mergedConditionals() + requirementGroupSchemas()
        if !all.isEmpty { root.set("allOf", .array(all)) }
        return root.node
    }

    private mutating func collectEntries() {
        let deletable = deletableRowIDs
        for (pi, page) in form.pages.enumerated() {
            for (si, section) in page.sections.enumerated() {
                for field in section.fields {
                    let path = "/pages/\(pi)/sections/\(si)/fields/\(field.id)"
                    let keys = SubmissionModel.keys(for: field)
                    guard !keys.isEmpty, !SubmissionModel.submitsNothing(field),
                          SubmissionModel.isSubmitted(field, hidden: false) || field.submission.skip
                    else { continue }
                    let submitting = states.submitting(field, section: section, page: page)
                    guard submitting.submitted != .false else { continue }
                    let first = entries.count
                    add(field, keys: keys, submitting: submitting, path: path)
                    if deletable.contains(field.id) {
                        for i in first..<entries.count { entries[i].required = .false }
                    }
                }
            }
        }
    }

    private mutating func add(_ field: Field, keys: [SubmittedKey], submitting: RuleStates.Submitting, path: String) {
        let cases = field.options.isEmpty && field.optionRange == nil ? [] : states.optionCases(field)
        var union: [Option] = []
        for o in field.options + cases.flatMap(\.options) where !union.contains(where: { $0.value == o.value }) { union.append(o) }
        if let value = field.defaultValue, !keys.contains(where: { $0.component == nil }) {
            diagnostics.loss(Feature.defaultValue.rawValue, target: target,
                             "json-schema cannot express the default value \(value.displayText) of '\(field.id)': it submits components",
                             at: field.location, path: path)
        }
        for key in Self.payloadKeys(keys, of: field) {
            let shape = ValueShape(key: key, field: field)
            let optional = key.component == "address2" || key.component == "partClone"
            // A required item is validated (present and not empty) while it is shown and not skipped.
            let required = field.validation.required && !optional ? submitting.validated : Formula.false
            let schema = propertySchema(field, key: key, shape: shape, options: cases.isEmpty ? field.options : union,
                                        filled: required == .true, path: path)
            if required != .true && required != .false, let filled = Self.filledConstraint(key.valueType) {
                var then = SchemaObject()
                then.set("properties", .object([(key.key, filled)]))
                conditionals.append(Conditional(when: required, then: then))
            }
            if key.component == nil, cases.count > 1 || cases.first?.when != .true {
                for c in cases where c.when != .false {
                    var then = SchemaObject()
                    then.set("properties", .object([(key.key, conditionalOptions(c.options, shape: shape,
                                                                                      allowEmpty: required != .true).node)]))
                    conditionals.append(Conditional(when: c.when, then: then))
                }
            }
            let entry = Entry(key: key.key, fieldID: field.id, component: key.component, shape: shape,
                              schema: schema, required: required, path: path, location: field.location)
            if let i = entryIndex[key.key] {
                share(entries[i].key, with: entry)
                continue
            }
            entryIndex[key.key] = entries.count
            entries.append(entry)
        }
    }

    /// Keys required in every payload; the others' conditions become conditionals.
    private mutating func requiredConditionals() -> [String] {
        var always: [String] = []
        var alwaysSeen: Set<String> = []
        var groups: [(when: Formula, keys: [String])] = []
        var groupIndex: [Formula: Int] = [:]
        for e in entries where e.required != .false {
            if e.required == .true {
                if alwaysSeen.insert(e.key).inserted { always.append(e.key) }
            } else if let g = groupIndex[e.required] {
                groups[g].keys.append(e.key)
            } else {
                groupIndex[e.required] = groups.count
                groups.append((e.required, [e.key]))
            }
        }
        for g in groups.reversed() {
            var then = SchemaObject()
            then.set("required", .strings(g.keys))
            conditionals.insert(Conditional(when: g.when, then: then), at: 0)
        }
        return always
    }

    /// Validations that only a text entry has: a number field carrying one is an MM XML textField whose
    /// digits the legacy app submits as text (`"007"`), not as a JSON number.
    static let textValidations: Set<NamedValidator> = [.numericOnly, .numericWithPeriods, .numeric]

    static func sendsText(_ field: Field) -> Bool {
        field.validation.named.contains { textValidations.contains($0) }
    }

    /// The keys `field` submits (`SubmissionModel.keys`), typed as the payload holds them: a number
    /// field that `sendsText` submits its own value as text.
    static func payloadKeys(_ keys: [SubmittedKey], of field: Field) -> [SubmittedKey] {
        keys.map { key in
            var key = key
            if key.component == nil, key.valueType == .integer || key.valueType == .number, sendsText(field) {
                key.valueType = .string
            }
            return key
        }
    }

    /// What "not left blank" means for a value the legacy app sends: text not empty, a checkbox checked,
    /// at least one option selected. `nil` for numbers (never blank when sent).
    static func filledConstraint(_ type: SubmittedKey.ValueType) -> Node? {
        switch type {
        case .string, .dateComponent, .formattedDate, .isoDate: .object([("minLength", .int(1))])
        case .zeroOne: .object([("const", .int(1))])
        case .boolean: .object([("const", .bool(true))])
        case .bitmask: .object([("not", .object([("const", .int(0))]))])
        case .array: .object([("minItems", .int(1))])
        case .integer, .number, .unixTime: nil
        }
    }

    /// `urn:` text for an id: unreserved characters kept, others percent-encoded.
    static func urnEncoded(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            let c = Character(Unicode.Scalar(b))
            if b < 0x80, c.isLetter || c.isNumber || "-._~".contains(c) { out.append(c) }
            else { out += "%" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true) }
        }
        return out
    }
}
