/// The parts a `copy` names against the parts its source field has. The legacy app copies a named part
/// only when the source submits a component of that name (an addressField's `address1` … `country`, a
/// component dateField's `day`, `month`, `year`); a name it lacks (`add1`, `zip`) copies nothing. Every
/// target follows that and reports it once, through `LossCheck.report`.
public enum CopyParts {
    /// The component names `field` has: the seven the MM XML language documents for an addressField
    /// (`address3` included, which it does not submit), those of the French and UK bank pingers for bank
    /// details, and otherwise its submitted components (a component dateField's `day`, `month`, `year`).
    public static func parts(of field: Field) -> [String] {
        switch field.kind {
        case .address: return addressParts
        case .bankDetails: return bankParts
        default: return SubmissionModel.keys(for: field).compactMap { $0.component == "partClone" ? nil : $0.component }
        }
    }

    /// An addressField's components (MM XML language, `<copy>`).
    public static let addressParts = ["address1", "address2", "address3", "city", "postalCode", "stateProv", "country"]
    /// FRBankPinger's ten components and UKBankPinger's further two (MM XML language, `<copy>`).
    public static let bankParts = ["name", "address", "postCode", "city", "sort", "agence", "account", "rib", "iban", "bic",
                                   "name1", "name2"]

    /// The named parts of `source` that its field has, in the order named, and those it lacks; both empty
    /// for a copy of the whole value or of a field the form does not have.
    public static func split(_ source: CopySource, in form: Form) -> (kept: [String], missing: [String]) {
        guard !source.components.isEmpty, let field = form.field(source.field) else { return ([], []) }
        let has = Set(parts(of: field))
        return (source.components.filter { has.contains($0) }, source.components.filter { !has.contains($0) })
    }

    /// A warning `relationship.copy-missing-part` for each copy source naming parts its field lacks: the
    /// relationship, the field, the parts, and what the person sees (nothing copied from them).
    public static func report(_ form: Form, into diagnostics: inout Diagnostics) {
        func isCopy(_ e: Effect) -> Bool { if case .copy = e { true } else { false } }
        // By index: only a rule that copies is read whole.
        for i in form.rules.indices where form.rules[i].then.contains(where: isCopy) || form.rules[i].otherwise.contains(where: isCopy) {
            let rule = form.rules[i]
            for effect in rule.then + rule.otherwise {
                guard case .copy(let sources) = effect else { continue }
                for source in sources {
                    let (kept, missing) = split(source, in: form)
                    guard !missing.isEmpty, let field = form.field(source.field) else { continue }
                    let has = parts(of: field)
                    let names = missing.map { "'\($0)'" }.joined(separator: ", ")
                    let sees = kept.isEmpty ? "nothing is copied from '\(source.field)'"
                                            : "only \(kept.joined(separator: ", ")) of '\(source.field)' is copied"
                    diagnostics.warning("relationship.copy-missing-part",
                                        "relationship \(i + 1) on \(rule.target) copies \(names) of '\(source.field)', which has \(has.isEmpty ? "no parts" : "only the parts " + has.joined(separator: ", ")): \(sees) into it",
                                        at: rule.location, path: "/rules/\(i)")
                }
            }
        }
    }
}
