import FormIR

/// How the legacy engines compare a checkbox's answer with a written value: a checkbox holds a truth
/// value whatever it submits (`1`/`0` with `submitsValue`, `YES`/`NO`, `true`/`false`), so
/// `accept == "true"`, `accept == "YES"` and `accept == "1"` all mean "ticked", and `"false"`, `"NO"`,
/// `"0"` "unticked". Every emitter that translates conditions reads comparisons through `normalized`.
package enum CheckboxTruth {
    /// The ids of the fields whose answer is a checkbox's truth value: yes/no fields, and signature or
    /// photo fields that submit `0`/`1` (`submitsValue`).
    package static func checkboxes(of form: Form) -> Set<String> {
        var ids: Set<String> = []
        for page in form.pages {
            for section in page.sections {
                for field in section.fields where SubmissionModel.keys(for: field).contains(where: { key in
                    key.component == nil && (key.valueType == .boolean || key.valueType == .zeroOne)
                }) {
                    ids.insert(field.id)
                }
            }
        }
        return ids
    }

    /// A literal compared with a checkbox, as the truth value it names (`nil` when it names none).
    package static func truth(_ l: Literal) -> Bool? {
        switch l {
        case .bool(let b): b
        case .number(let d): d == 1 ? true : d == 0 ? false : nil
        case .string(let s): RuleStates.truth(.string(s))
        case .null: nil
        }
    }

    /// `e` with every `==`/`!=` between a checkbox of `checkboxes` and a value naming a truth value
    /// written as the boolean literal (value on the right), so a translator compares it as the answer's
    /// truth value in whatever type the checkbox submits.
    package static func normalized(_ e: Expression, checkboxes: Set<String>) -> Expression {
        switch e {
        case .and(let xs): return .and(xs.map { normalized($0, checkboxes: checkboxes) })
        case .or(let xs): return .or(xs.map { normalized($0, checkboxes: checkboxes) })
        case .not(let x): return .not(normalized(x, checkboxes: checkboxes))
        case .compare(.field(let r), let op, .literal(let l), let o), .compare(.literal(let l), let op, .field(let r), let o):
            guard op == .equal || op == .notEqual, r.property == .value, checkboxes.contains(r.id),
                  let b = truth(l) else { return e }
            return .compare(.field(r), op, .literal(.bool(b)), o)
        default: return e
        }
    }
}
