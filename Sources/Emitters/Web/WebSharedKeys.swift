import DocumentTree
import FormIR
import Lowering

/// Keys several fields submit (a title list for men and one for women, both submitting `title`), as a
/// web form holds them: one data property, shown whenever one of the fields is shown, with the options
/// of the field that is shown. When every field that can be shown is shown by a condition the data
/// schema can state, the data schema gets one `if`/`then` per field (`if` it is shown and no earlier
/// field of the key is, `then` the key takes that field's own schema): rjsf renders the property from
/// whichever branch holds, and each JSON Forms control of the key is scoped into its field's branch
/// (JSON Forms reads `#/allOf/N/then/properties/k` as the data key `k` and renders the schema found
/// there). Otherwise the key keeps the union schema and shows whenever one of its fields shows.
struct WebSharedKeys {
    /// When each shared key is shown: the disjunction of its fields' visibility.
    private(set) var visible: [String: Formula] = [:]
    /// For keys written as branches, the `allOf` index of each field's branch (key → field id → index).
    private(set) var branches: [String: [String: Int]] = [:]
    /// Later fields' own entries of each shared key (the first field's entry is the data schema's).
    private(set) var laterEntries: [PayloadSchemaBuilder.Entry] = []
    /// The first field of each shared key.
    private var firstField: [String: String] = [:]

    /// Adds the branches of `shared` (`PayloadSchemaBuilder.shared`) to `schema`'s `allOf`.
    init(form: Form, shared: [String: [PayloadSchemaBuilder.Entry]], schema: inout Node,
         conditions: inout WebConditionSchemas) {
        guard !shared.isEmpty else { return }
        let states = RuleStates(form: form)
        var shownWhen: [String: Formula] = [:]
        for page in form.pages {
            for section in page.sections {
                for field in section.fields {
                    shownWhen[field.id] = states.submitting(field, section: section, page: page).visible
                }
            }
        }
        var allOf = schema["allOf"]?.arrayValue ?? []
        let before = allOf.count
        for key in shared.keys.sorted() {
            let entries = shared[key]!
            laterEntries += entries.dropFirst()
            firstField[key] = entries[0].fieldID
            let items = entries.map { (entry: $0, when: shownWhen[$0.fieldID] ?? .true) }.filter { $0.when != .false }
            visible[key] = .any(items.map(\.when))
            guard !items.isEmpty, items.allSatisfy({ $0.when != .true && conditions.schema($0.when) != nil }) else { continue }
            var earlier: [Formula] = []
            var indexes: [String: Int] = [:]
            for item in items {
                let when = Formula.all([item.when, Formula.any(earlier).negation])
                earlier.append(item.when)
                guard when != .false, indexes[item.entry.fieldID] == nil, let condition = conditions.schema(when) else { continue }
                let then = WebDataSchema.forWebAnswers(.object([("properties", .object([(key, item.entry.schema.node)]))]))
                indexes[item.entry.fieldID] = allOf.count
                allOf.append(.object([("if", condition), ("then", then)]))
            }
            branches[key] = indexes
        }
        guard allOf.count > before, var root = schema.mappingEntries else { return }
        if let i = root.firstIndex(where: { $0.key == "allOf" }) { root[i].value = .array(allOf) }
        else { root.append((key: "allOf", keyLocation: nil, value: .array(allOf))) }
        schema = Node(.mapping(root))
    }

    /// The JSON Forms `scope` of `entry`'s control: its field's branch, or the top-level property.
    func scope(_ entry: PayloadSchemaBuilder.Entry) -> String {
        guard let i = branches[entry.key]?[entry.fieldID] else { return WebDataSchema.scope(entry.key) }
        return "#/allOf/\(i)/then/properties/" + UnwritableValues.pointerEscaped(entry.key)
    }

    /// Whether `entry` is a later field's entry of a shared key (its control needs its own i18n key).
    func isLater(_ entry: PayloadSchemaBuilder.Entry) -> Bool {
        firstField[entry.key].map { $0 != entry.fieldID } ?? false
    }
}
