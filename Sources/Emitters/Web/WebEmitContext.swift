import FormIR
import Lowering

/// What every web writer reads: the form, its languages, the target's id (for losses) and when each
/// element is visible and enabled.
struct WebEmitContext {
    let form: Form
    let locales: WebLocales
    let target: String
    let rules: RuleStates

    init(form: Form, locales: WebLocales, target: String) {
        self.form = form
        self.locales = locales
        self.target = target
        self.rules = RuleStates(form: form)
    }
}
