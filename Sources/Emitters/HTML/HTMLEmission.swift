import FormIR

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

    init(form: Form, plans: [HTMLFieldPlan], target: String, texts: HTMLTextTable, diagnostics: Diagnostics) {
        self.form = form
        self.plans = plans
        self.target = target
        self.texts = texts
        self.diagnostics = diagnostics
    }
}
