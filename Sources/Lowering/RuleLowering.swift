import FormIR

/// The one place that turns IR validation into what a target can state. A target says what it has of
/// its own (`RuleAbilities`: named checks, length keys, its regex syntax); everything else that a
/// regular expression or a number range states exactly is lowered to one, and only what neither can
/// state comes back as `unlowered`, for the emitter to report as a loss.
///
/// Rules of the lowering (the same for every target):
/// - Named validations become the patterns of `NamedValidationPatterns` (each accepts the empty text);
///   `email` is the target's own e-mail check when it has one, else a pattern; `none`, `lettersNumeric`
///   and `namesNumeric` accept every text and produce nothing.
/// - A regex replaces the named validations that lower to patterns (MM XML: "`<regex>` overrides any
///   type of validation"); named checks the target has of its own are kept beside it.
/// - Length limits the target has no key for become one pattern `^[\s\S]{min,max}$`.
/// - On numbers, `day`, `month` and `year` are the ranges 1–31, 1–12 and 1900–2100 (`numericRange`).
/// - Patterns are given in the target's dialect: ICU ones unchanged, ECMA-262 ones through `ECMARegex`;
///   one that cannot be translated is unlowered.
package enum RuleLowering {
    /// What a named validation becomes as a pattern over text.
    package enum NamedRule: Equatable, Sendable {
        /// A pattern (the same text in ICU and ECMA-262).
        case regex(String)
        /// Accepts every text: nothing to state.
        case anything
        /// No pattern states it; `reason` says why.
        case inexpressible(reason: String)
    }

    /// `named` as a pattern; `email` as `NamedValidationPatterns.emailPattern`.
    package static func regex(for named: NamedValidator) -> NamedRule {
        switch NamedValidationPatterns.translation(of: named) {
        case .pattern(let p): .regex(p)
        case .email: .regex(NamedValidationPatterns.emailPattern)
        case .anything: .anything
        case .inexpressible(let why): .inexpressible(reason: why)
        }
    }

    /// `^[\s\S]{min,max}$`, the pattern of a length limit (`nil` when there is none; no upper bound
    /// when `max` is `nil`). It holds in ICU and ECMA-262 alike.
    package static func lengthRange(min: Int?, max: Int?) -> String? {
        guard min != nil || max != nil else { return nil }
        return "^[\\s\\S]{\(min ?? 0),\(max.map(String.init) ?? "")}$"
    }

    /// The bounds of a numeric value: `minValue`/`maxValue`, else the range a named validation implies
    /// (`day` 1–31, `month` 1–12, `year` 1900–2100).
    package static func numericRange(_ v: Validation) -> (min: Double?, max: Double?) {
        var lower = v.minValue, upper = v.maxValue
        for n in v.named {
            if let (a, b) = NamedValidationPatterns.numericRange(of: n) { lower = lower ?? a; upper = upper ?? b }
        }
        return (lower, upper)
    }

    /// Whether a named validation is stated by `numericRange` on a number value (or holds for every number).
    package static func holdsOnNumbers(_ named: NamedValidator) -> Bool {
        NamedValidationPatterns.numericRange(of: named) != nil
            || [.none, .numericOnly, .numeric, .numericWithPeriods].contains(named)
    }

    /// The validation of a text value, lowered for a target with `abilities`.
    package static func textRules(_ v: Validation, abilities: RuleAbilities) -> LoweredValidation {
        var out = LoweredValidation()
        for (i, p) in v.patterns.enumerated() {
            switch abilities.dialect {
            case .icu:
                out.regexes.append(LoweredRule(regex: p.regex, message: p.message, origin: .pattern(i), location: p.location))
            case .ecma262:
                let t = ECMARegex.translate(p.regex)
                if let re = t.pattern {
                    out.regexes.append(LoweredRule(regex: re, message: p.message, origin: .pattern(i), location: p.location))
                } else {
                    out.unlowered.append(UnloweredRule(feature: .pattern, what: "regex \(p.regex)",
                                                       reason: t.problems.joined(separator: ", "),
                                                       location: p.location, origin: .pattern(i)))
                }
            }
        }
        for n in v.named where n != .none {
            if abilities.namedValidators.contains(n) { out.named.append(n); continue }
            switch regex(for: n) {
            case .regex(let p) where v.patterns.isEmpty:
                out.regexes.append(LoweredRule(regex: p, message: nil, origin: .named(n), location: nil))
            case .regex, .anything: break
            case .inexpressible(let why):
                out.unlowered.append(UnloweredRule(feature: .namedValidator, what: "\(n.rawValue) validation",
                                                   reason: why, location: nil, origin: .named(n)))
            }
        }
        out.minLength = abilities.minLength ? v.minLength : nil
        out.maxLength = abilities.maxLength ? v.maxLength : nil
        let min = abilities.minLength ? nil : v.minLength, max = abilities.maxLength ? nil : v.maxLength
        if let p = lengthRange(min: min, max: max) {
            out.regexes.append(LoweredRule(regex: p, message: nil, origin: .length, location: nil))
        }
        return out
    }
}

/// The regular-expression syntax of a target's validation strings.
package enum RegexDialect: Sendable {
    /// NSRegularExpression / NSPredicate `MATCHES` (the IR's own syntax).
    case icu
    /// ECMA-262, as JSON Schema's `pattern` and web form engines use.
    case ecma262
}

/// What a target states itself, so the lowering leaves it alone.
package struct RuleAbilities: Sendable {
    package var dialect: RegexDialect
    /// Named validations the target checks under its own name (`email` for an e-mail validator).
    package var namedValidators: Set<NamedValidator>
    /// The target has a minimum / maximum length of its own.
    package var minLength: Bool
    package var maxLength: Bool

    package init(dialect: RegexDialect, namedValidators: Set<NamedValidator> = [], minLength: Bool = false,
                maxLength: Bool = false) {
        self.dialect = dialect
        self.namedValidators = namedValidators
        self.minLength = minLength
        self.maxLength = maxLength
    }
}

/// A validation after lowering: what the target writes, and what it cannot.
package struct LoweredValidation: Sendable {
    /// Patterns in the target's dialect, in order: the regexes, the named validations, the length.
    package var regexes: [LoweredRule] = []
    /// Named validations left to the target's own checks (those in `RuleAbilities.namedValidators`).
    package var named: [NamedValidator] = []
    /// Length limits left to the target's own keys.
    package var minLength: Int?
    package var maxLength: Int?
    /// What no pattern states: the emitter reports each as a loss.
    package var unlowered: [UnloweredRule] = []
}

/// One pattern the target writes.
package struct LoweredRule: Hashable, Sendable {
    package enum Origin: Hashable, Sendable {
        /// `Validation.patterns[i]`.
        case pattern(Int)
        case named(NamedValidator)
        /// `minLength`/`maxLength`.
        case length
    }
    package var regex: String
    package var message: LocalizedText?
    package var origin: Origin
    package var location: SourceLocation?
}

/// A rule that has no pattern form.
package struct UnloweredRule: Hashable, Sendable {
    /// The loss feature (`validation.pattern`, `validation.named`).
    package var feature: Feature
    /// What was lost, as a phrase (`regex (?i)x`, `luhn validation`).
    package var what: String
    /// Why no pattern states it.
    package var reason: String
    package var location: SourceLocation?
    package var origin: LoweredRule.Origin
}
