import FormIR
import Lowering

/// What every web writer reads: the form, its languages, the target's id (for losses) and when each
/// element is visible and enabled.
struct WebEmitContext {
    let form: Form
    let locales: WebLocales
    let target: String
    let rules: RuleStates
    /// Each field's title where it has no label (placeholder, then group title).
    let titles: FieldTitles

    init(form: Form, locales: WebLocales, target: String) {
        self.form = form
        self.locales = locales
        self.target = target
        self.rules = RuleStates(form: form)
        self.titles = FieldTitles(form)
    }
}
