import DocumentTree
import FormIR
import Lowering

/// Relationship conditions as JSON Schemas over the form data a web library holds (JSON Forms rule
/// conditions with scope `#`, rjsf `if`/`then`), translated by the JSON Schema emitter's
/// `ConditionTranslator` over the data schema's keys. A web form holds no value for an empty answer,
/// so conditions are first read as the legacy app meant them on such data: `== ""` is "empty"
/// (`== nil`), and a yes/no field compared with its "off" value (`"0"`, `NO`, `false`) is "not on",
/// which an untouched checkbox also is.
struct WebConditionSchemas {
    let form: Form
    let target: String
    let translator: ConditionTranslator
    /// Fields holding a yes/no answer.
    let booleans: Set<String>
    private var cache: [Int: Node?] = [:]
    var diagnostics = Diagnostics()

    init(form: Form, target: String, translator: ConditionTranslator) {
        self.form = form
        self.target = target
        self.translator = translator
        var booleans: Set<String> = []
        for page in form.pages {
            for section in page.sections {
                for field in section.fields where field.kind == .boolean { booleans.insert(field.id) }
            }
        }
        self.booleans = booleans
    }

    /// The schema the data satisfies exactly when `f` holds; `nil` (each failing rule reported once as
    /// `loss.condition`) when a condition in it has none.
    mutating func schema(_ f: Formula) -> Node? {
        for i in f.atoms where cache[i] == nil { cache[i] = translate(i) }
        return PayloadSchemaBuilder.schema(of: f) { cache[$0] ?? nil }
    }

    private mutating func translate(_ i: Int) -> Node? {
        let rule = form.rules[i]
        guard let c = rule.condition else { return .bool(true) }
        switch translator.translate(webMeaning(c)) {
        case .success(let n): return n
        case .failure(let f):
            diagnostics.loss("condition", target: target,
                             "\(target) cannot express the condition \(PayloadSchemaBuilder.conditionText(rule)) of the relationship on \(rule.target): \(f.reason); the element keeps its initial state",
                             at: rule.source?.location ?? rule.location, path: "/rules/\(i)")
            return nil
        }
    }

    /// `e` with empty-text and "off" comparisons rewritten for data that omits empty answers.
    func webMeaning(_ e: Expression) -> Expression {
        switch e {
        case .and(let xs): return .and(xs.map(webMeaning))
        case .or(let xs): return .or(xs.map(webMeaning))
        case .not(let x): return .not(webMeaning(x))
        case .compare(.field(let r), let op, .literal(let l), let o) where op == .equal || op == .notEqual:
            if l == .string("") { return .compare(.field(r), op, .literal(.null), o) }
            if booleans.contains(r.id), SurveyJSExpression.truth(l) == false, let on = Self.on(l) {
                return .compare(.field(r), op.inverse!, .literal(on), o)
            }
            return e
        case .compare(.literal(let l), let op, .field(let r), let o) where op == .equal || op == .notEqual:
            return webMeaning(.compare(.field(r), op, .literal(l), o))
        default: return e
        }
    }

    /// The "on" literal written the way `off` is: `"1"` for `"0"`, `YES` for `NO`, `1` for `0`.
    private static func on(_ off: Literal) -> Literal? {
        switch off {
        case .bool: .bool(true)
        case .number: .number(1)
        case .string(let s):
            ["0": "1", "no": "yes", "false": "true", "off": "on"][s.lowercased()]
                .map { .string(s == s.lowercased() ? $0 : $0.uppercased()) }
        case .null: nil
        }
    }
}
