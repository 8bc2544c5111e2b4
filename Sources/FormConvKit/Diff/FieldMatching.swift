import FormIR

/// A field with where it sits in its form: page, section, position.
struct FieldSite {
    var field: Field
    /// The submission key (`submitName`, else the id) of a field that holds a value; the id otherwise.
    var name: String
    /// Whether the field's kind holds a value the form submits.
    var holdsValue: Bool
    /// The section's name: its id, else its title, else its position.
    var section: String
    /// The page's name: its id, else its title, else its position.
    var page: String
    /// Position in document order.
    var order: Int

    /// The field's name as changes show it.
    var display: String { name }
}

/// Every field of a form, in document order, with its container names.
func fieldSites(of form: Form) -> [FieldSite] {
    var sites: [FieldSite] = []
    sites.reserveCapacity(form.fieldCount)
    for (pi, page) in form.pages.enumerated() {
        let pageName = containerName(id: page.id, title: page.title, fallback: "page \(pi + 1)")
        for (si, section) in page.sections.enumerated() {
            let sectionName = containerName(id: section.id, title: section.title, fallback: "\(pageName) section \(si + 1)")
            for field in section.fields {
                let holds = !field.kind.isDisplayOnly
                sites.append(FieldSite(field: field, name: holds ? (field.submission.key ?? field.id) : field.id,
                                       holdsValue: holds, section: sectionName, page: pageName, order: sites.count))
            }
        }
    }
    return sites
}

/// A container's name for messages and matching: its id, else its title, else `fallback`.
func containerName(id: String?, title: LocalizedText?, fallback: String) -> String {
    ContainerName.of(id: id, title: title, fallback: fallback)
}

/// How OLD's fields correspond to NEW's: pairs (by submission key, then by id, then by likeness),
/// and those left over on each side.
struct FieldMatching {
    /// Index into OLD's sites, index into NEW's sites, and whether the pair was found by likeness.
    var pairs: [(old: Int, new: Int)] = []
    /// OLD's fields with no counterpart: removed.
    var removed: [Int] = []
    /// NEW's fields with no counterpart: added.
    var added: [Int] = []

    /// The least likeness (0…1) at which two fields with different names count as one renamed field.
    static let renameThreshold = 0.7

    init(old: [FieldSite], new: [FieldSite]) {
        var oldFree = Array(repeating: true, count: old.count)
        var newFree = Array(repeating: true, count: new.count)
        // 1. Same name (submission key, or id for display-only fields), in order when a name repeats.
        pairUp(old, new, &oldFree, &newFree) { $0.holdsValue == $1.holdsValue && $0.name == $1.name }
        // 2. Same id: the key changed, the field did not.
        pairUp(old, new, &oldFree, &newFree) { $0.holdsValue == $1.holdsValue && $0.field.id == $1.field.id }
        // 3. Likeness: kind, options and label, for what is left on both sides; each field's label
        // bigrams and option set computed once, not once per pair.
        var profiles: [Int: Profile] = [:]
        for i in old.indices where oldFree[i] { profiles[-1 - i] = Profile(old[i]) }
        for j in new.indices where newFree[j] { profiles[j] = Profile(new[j]) }
        var candidates: [(score: Double, old: Int, new: Int)] = []
        for i in old.indices where oldFree[i] {
            for j in new.indices where newFree[j] {
                let s = Self.likeness(old[i], new[j], profiles[-1 - i]!, profiles[j]!)
                if s >= Self.renameThreshold { candidates.append((s, i, j)) }
            }
        }
        candidates.sort { ($0.score, -$0.old, -$0.new) > ($1.score, -$1.old, -$1.new) }
        for c in candidates where oldFree[c.old] && newFree[c.new] {
            oldFree[c.old] = false
            newFree[c.new] = false
            pairs.append((c.old, c.new))
        }
        removed = old.indices.filter { oldFree[$0] }
        added = new.indices.filter { newFree[$0] }
        pairs.sort { $0.new < $1.new }
    }

    private mutating func pairUp(_ old: [FieldSite], _ new: [FieldSite], _ oldFree: inout [Bool], _ newFree: inout [Bool],
                                 _ same: (FieldSite, FieldSite) -> Bool) {
        var byName: [String: [Int]] = [:]
        for j in new.indices where newFree[j] { byName[new[j].name, default: []].append(j) }
        var byID: [String: [Int]] = [:]
        for j in new.indices where newFree[j] { byID[new[j].field.id, default: []].append(j) }
        for i in old.indices where oldFree[i] {
            let candidates = (byName[old[i].name] ?? []) + (byID[old[i].field.id] ?? [])
            guard let j = candidates.first(where: { newFree[$0] && same(old[i], new[$0]) }) else { continue }
            oldFree[i] = false
            newFree[j] = false
            pairs.append((i, j))
        }
    }

    /// How alike two fields are, 0…1: they must hold the same class of value (`valueClass`); then the
    /// mean of the label's likeness (0.5 when neither has a label), the options' overlap (when either
    /// has options) and the kind (1 when equal, 0.5 when only the value class is).
    static func likeness(_ a: FieldSite, _ b: FieldSite, _ pa: Profile, _ pb: Profile) -> Double {
        guard a.holdsValue == b.holdsValue, pa.valueClass == pb.valueClass else { return 0 }
        var parts: [Double] = [pa.label.isEmpty && pb.label.isEmpty ? 0.5 : pa.labelLikeness(pb)]
        if !pa.options.isEmpty || !pb.options.isEmpty {
            parts.append(Double(pa.options.intersection(pb.options).count) / Double(max(1, pa.options.union(pb.options).count)))
        }
        parts.append(a.field.kind == b.field.kind ? 1 : 0.5)
        return parts.reduce(0, +) / Double(parts.count)
    }

    /// What likeness compares of one field, computed once.
    struct Profile {
        /// The normalized label (a display item's text stands for it).
        let label: [Character]
        /// The label's character pairs, sorted (a multiset).
        let bigrams: [String]
        /// The options' identities (`optionIdentity`).
        let options: Set<String>
        /// `valueClass` of the field.
        let valueClass: String

        init(_ site: FieldSite) {
            // Display items show their body text (a label item's `<text>`) where fields show a label.
            let text = Array(normalized((site.field.texts.label ?? site.field.texts.body)?.defaultText ?? ""))
            label = text
            bigrams = text.count > 1 ? (0..<(text.count - 1)).map { String(text[$0...$0 + 1]) }.sorted() : []
            options = Set(site.field.options.map { FieldMatching.optionIdentity($0) })
            valueClass = FormConvKit.valueClass(site.field)
        }

        /// Dice's coefficient on the character pairs: 1 for equal labels, 0 for nothing in common.
        func labelLikeness(_ other: Profile) -> Double {
            if label == other.label { return 1 }
            guard !bigrams.isEmpty, !other.bigrams.isEmpty else { return 0 }
            var i = 0, j = 0, common = 0
            while i < bigrams.count && j < other.bigrams.count {
                if bigrams[i] == other.bigrams[j] { common += 1; i += 1; j += 1 }
                else if bigrams[i] < other.bigrams[j] { i += 1 } else { j += 1 }
            }
            return 2 * Double(common) / Double(bigrams.count + other.bigrams.count)
        }
    }

    /// An option as likeness sees it: its label when it has one (values get renumbered), else its value.
    static func optionIdentity(_ o: Option) -> String { normalized(o.label?.defaultText ?? o.value.displayText) }
}

/// What kind of value a field submits, coarsely: two fields of one class can be the same question.
func valueClass(_ f: Field) -> String {
    let k = f.kind
    if k.isDisplayOnly { return "display" }
    if k.isChoice { return f.allowsMultiple || k == .multipleChoice ? "choices" : "choice" }
    switch k {
    case .integer, .decimal, .number, .currency, .percent, .slider, .stepper: return "number"
    case .date, .time, .dateTime, .countdown: return "date"
    case .boolean: return "boolean"
    case .address, .bankDetails, .location: return k.rawValue
    case .signature, .photo: return "capture"
    default: return "text"
    }
}

/// Lower case letters and digits only, single spaces: `"First name:"` and `"first  Name"` are alike.
func normalized(_ s: String) -> String {
    var out = ""
    var space = false
    for ch in s.lowercased() {
        if ch.isLetter || ch.isNumber {
            if space && !out.isEmpty { out.append(" ") }
            out.append(ch)
            space = false
        } else {
            space = true
        }
    }
    return out
}
