import FormIR
import Lowering

/// One preview being written: the form, the plan of each field, the numbered texts and the
/// diagnostics, shared by the stages that write the markup (`+Page`, `+Field`) and the data the
/// page's script runs on (`+Data`, `+Checks`, `+Rules`).
struct HTMLEmission {
    let form: Form
    let plans: [HTMLFieldPlan]
    let target: String
    var texts: HTMLTextTable
    var diagnostics: Diagnostics
    var html = HTMLText()
    /// JavaScript function sources (conditions, validation predicates); the data names them by index.
    var functions: [String] = []
    /// Indexes of the fields, sections (in the form's list of every section) and pages with each id.
    let fieldsByID: [String: [Int]]
    let sectionsByID: [String: [Int]]
    let pagesByID: [String: [Int]]
    /// The names messages give unlabelled fields (placeholder, then group title).
    let titles: FieldTitles

    init(form: Form, plans: [HTMLFieldPlan], target: String, texts: HTMLTextTable, diagnostics: Diagnostics) {
        self.form = form
        self.plans = plans
        self.target = target
        self.texts = texts
        self.diagnostics = diagnostics
        self.titles = FieldTitles(form)
        var fields: [String: [Int]] = [:], sections: [String: [Int]] = [:], pages: [String: [Int]] = [:]
        for p in plans { fields[p.field.id, default: []].append(p.index) }
        var n = 0
        for (pi, page) in form.pages.enumerated() {
            if let id = page.id { pages[id, default: []].append(pi) }
            for section in page.sections {
                if let id = section.id { sections[id, default: []].append(n) }
                n += 1
            }
        }
        fieldsByID = fields
        sectionsByID = sections
        pagesByID = pages
    }
}
