import DocumentTree
import FormIR
import Lowering

extension SurveyJSWriter {
    /// `visible: false` for an element never shown, `visibleIf` for one shown by condition.
    mutating func setVisibility(_ f: Formula, into o: inout SchemaObject) {
        switch f {
        case .constant(true): break
        case .constant(false): o.set("visible", .bool(false))
        default: if let e = expression(f) { o.set("visibleIf", .string(e)) }
        }
    }

    /// `readOnly: true` for a field never enabled, `enableIf` for one enabled by condition.
    mutating func setEnablement(_ f: Formula, into o: inout SchemaObject) {
        switch f {
        case .constant(true): break
        case .constant(false): o.set("readOnly", .bool(true))
        default: if let e = expression(f) { o.set("enableIf", .string(e)) }
        }
    }

    /// Reports the property changes SurveyJS has no place for: every one but `required` on a field.
    mutating func reportUnwrittenProperties() {
        for (i, rule) in web.form.rules.enumerated() {
            for case .setProperty(let name, let value) in rule.then + rule.otherwise {
                if case .field = rule.target, RuleStates.isRequiredProperty(name), RuleStates.truth(value) != nil { continue }
                diagnostics.loss(Feature.ruleSetProperty.rawValue, target: web.target,
                                 "\(web.target) cannot express the \(name) change of \(rule.target)",
                                 at: rule.location, path: "/rules/\(i)")
            }
        }
    }

    /// The formula as an expression, or `nil` (with one `loss.condition` per rule) when a condition in it
    /// has none; the element then keeps its initial state.
    mutating func expression(_ f: Formula) -> String? {
        do {
            return try expressions.text(f, rules: web.form.rules)
        } catch {
            for i in f.atoms { reportIfInexpressible(i) }
            return nil
        }
    }

    private mutating func reportIfInexpressible(_ i: Int) {
        let rule = web.form.rules[i]
        guard let c = rule.condition, !failedRules.contains(i) else { return }
        do { _ = try expressions.text(c) } catch let f as SurveyJSExpression.Failure {
            failedRules.insert(i)
            diagnostics.loss("condition", target: web.target,
                             "\(web.target) cannot express the condition \(PayloadSchemaBuilder.conditionText(rule)) of the relationship on \(rule.target): \(f.reason); the element keeps its initial state",
                             at: rule.source?.location ?? rule.location, path: "/rules/\(i)")
        } catch {}
    }

    /// `setValueExpression` (and `setValueIf` for a conditional rule) from the first rule that evaluates,
    /// copies into or checks `field`; later ones and `else` computations are losses.
    mutating func setComputedValue(_ field: Field, into o: inout SchemaObject) {
        var written = false
        for i in web.rules.rules(for: .field(field.id)) {
            let rule = web.form.rules[i]
            for (effect, isElse) in rule.then.map({ ($0, false) }) + rule.otherwise.map({ ($0, true) }) {
                let feature: Feature
                switch effect {
                case .evaluate: feature = .ruleEvaluate
                case .copy: feature = .ruleCopy
                case .setChecked: feature = .ruleSetChecked
                default: continue
                }
                let path = "/rules/\(i)"
                func lose(_ why: String) {
                    diagnostics.loss(feature.rawValue, target: web.target, "\(web.target) cannot express the \(feature == .ruleCopy ? "copy" : feature == .ruleEvaluate ? "evaluate" : "check") into \(rule.target): \(why)",
                                     at: rule.location, path: path)
                }
                if written { lose("a question has one computed value and an earlier relationship sets it"); continue }
                if isElse { lose("SurveyJS computes a value only when a condition holds, not when it fails"); continue }
                do {
                    let value = try valueExpression(effect, into: field)
                    if rule.condition != nil {
                        guard let cond = expression(web.rules.condition(i)) else { lose("its condition has no SurveyJS expression"); continue }
                        o.set("setValueIf", .string(cond))
                    }
                    o.set("setValueExpression", .string(value))
                    written = true
                } catch let f as SurveyJSExpression.Failure {
                    lose(f.reason)
                } catch {}
            }
        }
    }

    /// The expression an evaluate, copy or check effect computes.
    private func valueExpression(_ effect: Effect, into field: Field) throws -> String {
        func q(_ id: String) throws -> String { try expressions.name(FieldReference(id)) }
        switch effect {
        case .evaluate(.concatenate(let a, let connector, let b)):
            let sep = connector.isEmpty ? "" : " + \(try expressions.literal(.string(connector)))"
            return "\(try q(a))\(sep) + \(try q(b))"
        case .evaluate(.add(let a, let b)): return "\(try q(a)) + \(try q(b))"
        case .evaluate(.subtract(let a, let b)): return "\(try q(a)) - \(try q(b))"
        case .evaluate(.dateOffset(let seconds)):
            guard seconds % 86_400 == 0 else {
                throw SurveyJSExpression.Failure(reason: "the date offset of \(seconds) seconds is not whole days")
            }
            return "today(\(seconds / 86_400))"
        case .evaluate(.raw(let text)):
            throw SurveyJSExpression.Failure(reason: "the evaluation \(text) was not understood")
        case .setChecked(let on):
            guard field.kind == .boolean else {
                throw SurveyJSExpression.Failure(reason: "'\(field.id)' is not a yes/no question")
            }
            return on ? "true" : "false"
        case .copy(let sources):
            var parts: [String] = []
            for s in sources {
                let base = try q(s.field)
                if s.components.isEmpty { parts.append(base) }
                else {
                    // Parts the source lacks copy nothing, as in the app (`CopyParts` reports them).
                    let items = web.form.field(s.field).flatMap { Self.compositeKinds.contains($0.kind) ? components($0) : nil } ?? []
                    for c in CopyParts.split(s, in: web.form).kept {
                        guard items.contains(c) else {
                            throw SurveyJSExpression.Failure(reason: "'\(s.field)' has no part named '\(c)' in SurveyJS")
                        }
                        parts.append("{\(s.field).\(c)}")
                    }
                }
            }
            return parts.isEmpty ? "''" : parts.joined(separator: " + '. ' + ")
        default:
            throw SurveyJSExpression.Failure(reason: "not a computed value")
        }
    }
}
