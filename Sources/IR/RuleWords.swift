/// The words of a loss of one effect of a rule (`RuleTargets.words`): `rule that shows 'city' when
/// 'country == "US"' holds; it stays visible`. A loss keeps them written as one string (`stored`):
/// unwritten they would hold the form they name (`RuleTargets`), past the form's own life.
struct RuleWords: UseWords {
    let targets: RuleTargets
    let effect: Effect
    let rule: Rule
    /// Whether the effect is in `then` (`when … holds`) or in `otherwise` (`unless … holds`).
    let holds: Bool
    /// How the condition is shown when the rule has no source text.
    let condition: String?

    var utf8Count: Int {
        let name: Int = switch rule.target {
        case .field(let id), .section(let id), .page(let id): id.utf8.count + 8
        case .form: 8
        }
        let shown = (rule.source?.text ?? condition).map { min($0.utf8.count, 82) + 2 } ?? 14
        return 70 + name + shown
    }

    var stored: LossWords {
        var text = String()
        text.reserveCapacity(utf8Count)
        writeText(to: &text)
        return .text(text)
    }

    func write<Out: TextOut>(to out: inout Out) {
        var text = String()
        writeText(to: &text)
        out += text
    }

    /// `write(to:)` into a string (how a rule target's name is written, `RuleTargets.writeName`).
    func writeText(to text: inout String) {
        let (before, after) = Self.does(effect)
        text += "rule that "
        text += before
        let start = targets.writeName(rule.target, to: &text)
        text += after
        text += " "
        if rule.condition == nil {
            text += "always"
        } else {
            text += holds ? "when " : "unless "
            if let shown = rule.source?.text ?? condition {
                text += "'"
                text += shown.excerpt(limit: 80)
                text += "'"
            } else {
                text += "its condition"
            }
            text += " holds"
        }
        text += "; "
        text += Self.stays(effect, start)
    }

    /// What `effect` does to its target, as the words before and after the target's name.
    private static func does(_ effect: Effect) -> (String, String) {
        switch effect {
        case .show: ("shows ", "")
        case .hide: ("hides ", "")
        case .enable: ("enables ", "")
        case .disable: ("disables ", "")
        case .evaluate: ("computes the value of ", "")
        case .copy(let from): ("copies \(LostTranslations.list(from.map { "'\($0.field)'" })) into ", "")
        case .setOptions: ("changes the options of ", "")
        case .submission(.skip): ("leaves ", " out of the submission")
        case .submission(.force): ("forces ", " into the submission")
        case .submission(.submit): ("submits ", "")
        case .setText: ("changes the text of ", "")
        case .setChecked(let on): (on ? "checks " : "unchecks ", "")
        case .setProperty(let name, let value) where name.lowercased() == "required":
            ("makes ", requiredOn(value) ? " required" : " optional")
        case .setProperty(let name, let value):
            switch value {
            case .array, .object, .data: ("changes the \(name) of ", "")
            default: ("sets \(name) = \(value.displayText.excerpt(limit: 40)) on ", "")
            }
        }
    }

    /// Whether a `required` property's value makes the target required.
    private static func requiredOn(_ value: Value) -> Bool {
        value.boolValue ?? (value.stringValue.map { ["yes", "true", "1"].contains($0.lowercased()) } ?? true)
    }

    /// What the person sees without `effect`, given how its target starts.
    private static func stays(_ effect: Effect, _ start: RuleTargets.Start) -> String {
        switch effect {
        case .show, .hide: start.hidden ? "it stays hidden" : "it stays visible"
        case .enable, .disable: start.disabled ? "it stays read-only" : "it stays editable"
        case .evaluate: "its value is not computed"
        case .copy(let from): from.count == 1 ? "it is not filled in from it" : "it is not filled in from them"
        case .setOptions: "it keeps its own options"
        case .submission: "it is submitted as it is without the rule"
        case .setText: "it keeps its own text"
        case .setChecked: "it is not checked or unchecked by it"
        case .setProperty(let name, _) where name.lowercased() == "required":
            start.required ? "it stays required" : "it stays optional"
        case .setProperty(let name, _): "it keeps its own \(name)"
        }
    }
}
