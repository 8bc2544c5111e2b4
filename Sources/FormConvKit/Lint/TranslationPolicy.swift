import FormIR
import DocumentTree

/// Which languages `missing-translation` asks every text for (`.formconv.yml`, `translations:`).
///
/// A form's languages are the ones the configuration declares, plus each language that is
/// *substantially present*: at least `minimumShare` of the form's texts that name a language have a
/// text in it. A language below that share is a stray (an English form carrying two French labels
/// pasted from another form); its texts get one `stray-language` note per form instead of a
/// `missing-translation` warning on every other text.
///
/// ```yaml
/// translations:
///   languages: [EN_US, FR_CA]   # always the form's languages
///   min-share: 25%              # the share that makes any other language one of them (default 25%)
/// ```
public struct TranslationPolicy: Sendable, Equatable {
    /// Languages every text must have whatever their share (compared ignoring case).
    public var declared: [String] = []
    /// The share of the form's language-tagged texts (0...1) from which a language is one of the form's.
    public var minimumShare: Double = 0.25

    /// The default: no declared language, a quarter of the texts.
    public init(declared: [String] = [], minimumShare: Double = 0.25) {
        self.declared = declared
        self.minimumShare = minimumShare
    }

    /// Reads `translations:` (`languages`, `min-share` as `25%` or `0.25`).
    static func parse(_ node: Node, diagnostics: inout Diagnostics) -> TranslationPolicy {
        var policy = TranslationPolicy()
        guard case .mapping(let entries) = node.kind else {
            diagnostics.error("config.invalid", "'translations' must be a mapping with 'languages' and 'min-share'", at: node.location)
            return policy
        }
        for e in entries {
            switch (e.key, e.value.kind) {
            case ("languages", .string(let s)): policy.declared = [s]
            case ("languages", .array(let items)):
                for i in items {
                    if case .string(let s) = i.kind { policy.declared.append(s) }
                    else { diagnostics.error("config.invalid", "'languages' lists language codes (EN_US, FR_CA)", at: i.location) }
                }
            case ("min-share", let kind):
                if let share = Self.share(kind) { policy.minimumShare = share }
                else { diagnostics.error("config.invalid", "'min-share' is a share of the texts: 25% or 0.25", at: e.value.location) }
            default:
                diagnostics.warning("config.unknown-key", "unknown key '\(e.key)' in 'translations' (expected 'languages', 'min-share')",
                                    at: e.keyLocation)
            }
        }
        return policy
    }

    private static func share(_ kind: Node.Kind) -> Double? {
        let value: Double?
        switch kind {
        case .string(let s) where s.hasSuffix("%"): value = Double(s.dropLast()).map { $0 / 100 }
        case .string(let s): value = Double(s)
        case .int(let i): value = Double(i) > 1 ? Double(i) / 100 : Double(i)
        case .double(let d): value = d
        default: value = nil
        }
        guard let value, value >= 0, value <= 1 else { return nil }
        return value
    }
}
