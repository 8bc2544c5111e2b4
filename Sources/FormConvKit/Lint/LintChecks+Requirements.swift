import Foundation
import FormIR

/// Conditional requirement lists in MM XML (`required="homeNum|alternateNum"`, `required="a||b"`):
/// item names rather than YES/NO. The reader keeps them as written (modelling them is the
/// requirement issue's); lint does not report them as invalid values, only names that are no item.
extension LintChecks {
    /// The item names of a conditional requirement list, or `nil` when `value` is not one.
    static func requirementList(_ value: String) -> [String]? {
        guard value.contains("|") else { return nil }
        let names = value.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty, names.allSatisfy({ n in n.allSatisfy { $0.isLetter || $0.isNumber || "_-.".contains($0) } }) else { return nil }
        return names
    }

    /// Whether the reader diagnostic `d` is the MM XML reader's "not YES/NO" about a requirement list.
    static func isConditionalRequirement(_ d: Diagnostic) -> Bool {
        guard d.id == "mmxml.invalid-value", d.message.hasPrefix("required=\"") else { return false }
        let value = d.message.dropFirst("required=\"".count).prefix { $0 != "\"" }
        return requirementList(String(value)) != nil
    }

    /// `unknown-reference` for each name of a requirement list that is no item of the form.
    static func requirementListReferences(_ s: LintSubject) -> [LintFinding] {
        var out: [LintFinding] = []
        for e in fields(s) {
            guard case .array(let attributes)? = e.field.extensions["mmxml.attributes"] else { continue }
            for case .array(let pair) in attributes {
                guard pair.count == 2, pair[0] == .string("required"), case .string(let value) = pair[1],
                      let names = requirementList(value) else { continue }
                for n in names where s.firstFieldIndex[n] == nil {
                    out.append(LintFinding("the requirement list required=\"\(value)\" of '\(e.field.id)' names '\(n)', which is not an item of this form",
                                           at: e.field.location, path: e.path))
                }
            }
        }
        return out
    }
}
