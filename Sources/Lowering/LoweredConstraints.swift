import FormIR

/// What a field's text validation states once lowered the way every emitter lowers it (`RuleLowering`):
/// named validations and length limits as the patterns they become. Two validations with equal
/// lowered constraints accept the same texts, however each format spelled them (`formconv diff` uses
/// this to tell a rewrite from a change).
package struct LoweredConstraints: Hashable, Sendable {
    /// The patterns the value must match: the source's own, or (without them) those of its named
    /// validations; plus the length limit's.
    package var patterns: Set<String>
    /// Named validations no pattern states, by name.
    package var named: Set<String>

    /// The lowered constraints of `v`. A pattern of the source replaces the named validations that
    /// lower to patterns (MM XML: `<regex>` overrides the validation type).
    package init(_ v: Validation) {
        patterns = Set(v.patterns.map(\.regex))
        named = []
        for n in v.named {
            switch RuleLowering.regex(for: n) {
            case .regex(let p): if v.patterns.isEmpty { patterns.insert(p) }
            case .anything: break
            case .inexpressible: named.insert(n.rawValue)
            }
        }
        if let p = RuleLowering.lengthRange(min: v.minLength, max: v.maxLength) { patterns.insert(p) }
    }
}
