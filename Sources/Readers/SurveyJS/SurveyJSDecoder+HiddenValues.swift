import FormIR
import DocumentTree

/// SurveyJS's hidden-field behaviour (shared/specs/web-targets.md lines 60 and 534): invisible
/// questions are not validated; the survey's `clearInvisibleValues` (`onComplete`, the default,
/// leaves a hidden answer out of the result on completion; `onHidden`/`onHiddenContainer` clear it as
/// it hides; `none` keeps it) and a question's `clearIfInvisible` (`default`: the survey's) say what
/// happens to the answer. docs/surveyjs.md, "Hidden questions".
extension SurveyJSDecoder {
    /// The IR policy of a `clearInvisibleValues` / `clearIfInvisible` value; `nil` for `default`
    /// (the survey's) and for a value SurveyJS does not define (reported).
    mutating func hiddenValuePolicy(_ node: Node, key: String, owner: String) -> HiddenValuePolicy? {
        switch node.stringValue {
        case "none"?: return .submitted
        case "onComplete"?: return .omitted
        case "onHidden"?, "onHiddenContainer"?: return .cleared
        case "default"? where key == "clearIfInvisible": return nil
        default:
            diagnostics.warning("surveyjs.invalid-value",
                                "\(key) of \(owner) is not none, onComplete, onHidden or onHiddenContainer; SurveyJS's default (\(key == "clearIfInvisible" ? "the survey's" : "onComplete")) is read",
                                at: node.location)
            return nil
        }
    }

    /// The survey's rules: not validated while hidden; answers as `clearInvisibleValues` says.
    mutating func surveyHiddenFields(_ root: Node) -> HiddenFieldRules {
        let values = root["clearInvisibleValues"].flatMap { hiddenValuePolicy($0, key: "clearInvisibleValues", owner: "the survey") }
        return HiddenFieldRules(validatesHidden: false, values: values ?? .omitted)
    }
}
