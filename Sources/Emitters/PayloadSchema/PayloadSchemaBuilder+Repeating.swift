import DocumentTree
import FormIR

/// The keys of rows the app adds to a repeating (dynamic) section. The row schema names an inserted
/// row `<dynamic.id.prefix>_<UUID>` (row-schema.md: `receipt_48BE9084…`), so the payload holds any
/// number of `<prefix>_…` keys besides the rows the form lists: `patternProperties` accepts them with
/// the schema of the section's row template (or, without one, of its first row, since every row of
/// the section is made from the same template).
extension PayloadSchemaBuilder {
    /// `patternProperties` entries: one per dynamic section that allows inserting and has an id prefix.
    mutating func repeatingRowPatterns() -> [(String, Node)] {
        var out: [(String, Node)] = []
        for (pi, page) in form.pages.enumerated() {
            for (si, section) in page.sections.enumerated() {
                guard let d = section.dynamic, d.allowsInsert, let prefix = d.idPrefix, !prefix.isEmpty else { continue }
                let pattern = "^" + Self.regexEscaped(prefix) + "_"
                guard let row = d.template ?? section.fields.first,
                      let key = SubmissionModel.keys(for: row).first(where: { $0.component == nil }) else {
                    out.append((pattern, .object([])))
                    continue
                }
                // The first row's losses were reported with the row; the template's are its own.
                let before = diagnostics
                let schema = propertySchema(row, key: key, shape: ValueShape(key: key, field: row), options: row.options,
                                            filled: row.validation.required, path: "/pages/\(pi)/sections/\(si)/template")
                if d.template == nil { diagnostics = before }
                out.append((pattern, schema.node))
            }
        }
        return out
    }

    /// Ids of the rows of dynamic sections that allow deleting: the user may remove them, so their keys
    /// are never required.
    var deletableRowIDs: Set<String> {
        var ids = Set<String>()
        for page in form.pages {
            for section in page.sections where section.dynamic?.allowsDelete == true {
                for f in section.fields { ids.insert(f.id) }
            }
        }
        return ids
    }

    /// `text` as a literal in an ECMA-262 pattern.
    static func regexEscaped(_ text: String) -> String {
        var out = ""
        for c in text {
            if "\\^$.|?*+()[]{}/".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
