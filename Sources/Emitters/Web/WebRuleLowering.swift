import FormIR

/// What the web targets take of the shared rule lowering (`RuleLowering`): named validations as
/// ECMA-262 patterns or the browser's own e-mail check, NSRegularExpression patterns as ECMA-262.
enum WebRuleLowering {
    /// What a named validation becomes on a text answer.
    enum TextCheck: Equatable {
        /// An ECMA-262 pattern the whole answer must match (accepts the empty answer).
        case pattern(String)
        /// The e-mail address check.
        case email
        /// Accepts every text.
        case anything
        /// No browser-side form; the reason is reported as a loss.
        case inexpressible(String)
    }

    static func textCheck(_ v: NamedValidator) -> TextCheck {
        if v == .email { return .email }  // every web target has an e-mail check of its own
        switch RuleLowering.regex(for: v) {
        case .regex(let p): return .pattern(p)
        case .anything: return .anything
        case .inexpressible(let why): return .inexpressible(why)
        }
    }

    /// The numeric range a named validation implies on a number answer (`day` 1–31, …), or `nil`.
    static func numericRange(_ v: NamedValidator) -> (Double, Double)? {
        let range = RuleLowering.numericRange(Validation(named: [v]))
        guard let lower = range.min, let upper = range.max else { return nil }
        return (lower, upper)
    }

    /// Whether the named validation only asks for digits (met by every number input).
    static func isDigitCheck(_ v: NamedValidator) -> Bool {
        PayloadSchemaBuilder.textValidations.contains(v)
    }

    /// An NSRegularExpression pattern as ECMA-262, or the constructs that prevent it.
    static func regex(_ icu: String) -> (pattern: String?, problems: [String]) {
        let t = ECMARegex.translate(icu)
        return (t.pattern, t.problems)
    }
}
