import FormIR

/// The one place the web targets get validation rules lowered to what a browser checks: named
/// validations to ECMA-262 patterns or the e-mail check, NSRegularExpression patterns to ECMA-262.
/// Today it reads the JSON Schema emitter's tables; when the shared rule lowering lands this file is
/// the only one to switch.
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
        switch NamedValidationPatterns.translation(of: v) {
        case .pattern(let p): .pattern(p)
        case .format("email"): .email
        case .format(let f): .inexpressible("the format \(f) has no web form")
        case .anything: .anything
        case .inexpressible(let why): .inexpressible(why)
        }
    }

    /// The numeric range a named validation implies on a number answer (`day` 1–31, …), or `nil`.
    static func numericRange(_ v: NamedValidator) -> (Double, Double)? {
        NamedValidationPatterns.numericRange(of: v)
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
