import FormIR
import Expressions

/// `<relationship object="…"><condition/><if/><else/></relationship>`.
extension MMXMLEmission {
    func relationshipNode(_ rule: Rule, path: String) -> MMXMLNode? {
        let object: String
        switch rule.target {
        case .field(let id): object = "item::\(id)"
        case .section(let id): object = "group::\(id)"
        case .page(let id): object = "page::\(id)"
        case .form:
            loss("relationship.target", "MM XML relationships act on an item, group or page, not on the whole form; this one is left out",
                 at: rule.location, path: path)
            return nil
        }
        owner = ("the relationship on \(object)", rule.location, path)
        var n = MMXMLNode("relationship", [("object", object)])
        addPreservedAttributes(rule.extensions, to: &n)
        conformAttributes(&n, allowed: ["object"], owner: owner.name, at: rule.location, path: path)
        if let source = rule.source, source.dialect == .mmCondition {
            n.add("condition", source.text)
        } else if let condition = rule.condition {
            guard let text = MMCondition.print(condition) else {
                unwritableConditionLoss(rule, condition, path: path)
                return nil
            }
            n.add("condition", text)
        }
        let targetType: String? = { if case .field(let id) = rule.target { return typeByField[id] }; return nil }()
        let then = effectNodes(rule.then, targetType: targetType, rule: rule, path: path)
        let otherwise = effectNodes(rule.otherwise, targetType: targetType, rule: rule, path: path)
        if !then.isEmpty { n.children.append(MMXMLNode("if", children: then)) }
        if !otherwise.isEmpty { n.children.append(MMXMLNode("else", children: otherwise)) }
        let extra = preservedTags(rule.extensions)
        if keepLegacy { n.children += extra; keptOutsideSchema += extra.map { "<\($0.name)>" } }
        for t in extra where !keepLegacy {
            diagnostics.note("mmxml.not-in-schema", "\(owner.name): <\(t.name)> is not in MM XML 1.1's schema; left out (--keep-legacy keeps it)",
                             at: rule.location, path: path)
        }
        return n
    }

    /// The loss of a relationship left out because MM XML cannot say its condition: named by what it
    /// acts on (its field, or the group or page with the fields it holds, quoted), with the part of the
    /// condition MM XML has no word for and what the person sees without the rule (`RuleTargets`).
    private func unwritableConditionLoss(_ rule: Rule, _ condition: Expression, path: String) {
        let shown = rule.source?.text ?? Predicate.print(condition, dialect: .rowPredicate)
        let part = MMXMLEmission.unsayablePart(of: condition).map { Predicate.print($0, dialect: .rowPredicate) }
        let why = part.map { $0 == shown ? "" : " (it has no word for '\($0.excerpt(limit: 60))')" } ?? ""
        let what = ruleTargets.leftOut(rule, condition: shown)
        // A rule that makes its target required is lost as a requirement too (`loss.condition.required`).
        let required = (rule.then + rule.otherwise).contains { if case .setProperty(let name, _) = $0 { name.lowercased() == "required" } else { false } }
        diagnostics.loss(required ? "condition.required" : "condition", target: target,
                         "MM XML conditions (==, !=, BT, LT, AND, OR) cannot say this condition\(why); the relationship is left out: \(what)",
                         at: rule.source?.location ?? rule.location, path: path,
                         subject: FeaturePlace(path: path).subject(in: form))
    }

    /// The first comparison (or other operand of `AND`/`OR`) of `condition` that MM XML cannot say, a
    /// negation kept with what it negates; `nil` when each part can be said alone (the whole cannot).
    static func unsayablePart(of condition: Expression) -> Expression? {
        switch condition {
        case .and(let xs), .or(let xs): return xs.lazy.compactMap(unsayablePart).first
        case .not(.and(let xs)), .not(.or(let xs)): return xs.lazy.compactMap { unsayablePart(of: .not($0)) }.first
        default: return MMCondition.expressible(condition) ? nil : condition
        }
    }

    private func effectNodes(_ effects: [Effect], targetType: String?, rule: Rule, path: String) -> [MMXMLNode] {
        var out: [MMXMLNode] = []
        for e in effects {
            switch e {
            case .show: out.append(MMXMLNode("show", text: "YES"))
            case .hide: out.append(MMXMLNode("hide", text: "YES"))
            case .enable: out.append(MMXMLNode("editable", text: "YES"))
            case .disable: out.append(MMXMLNode("editable", text: "NO"))
            case .evaluate(let ev): out.append(MMXMLNode("evaluate", text: evaluationText(ev, rule: rule, path: path)))
            case .copy(let sources): out.append(MMXMLNode("copy", text: copyText(sources, rule: rule, path: path)))
            case .setOptions(let options):
                out += optionNodes(options, type: targetType, owner: "\(rule.target)", at: rule.location, path: path)
            // `THIS`, as every real form writes it (the old renderers pass the text on).
            case .submission(let policy): out.append(MMXMLNode(policy.rawValue, text: "THIS"))
            case .setText(let text): out += textNodes("text", text)
            case .setChecked(let on): out.append(MMXMLNode(on ? "check" : "uncheck", text: "YES"))
            case .setProperty(let name, let value):
                guard MMXMLEmission.isXMLName(name) else {
                    loss(Feature.ruleSetProperty.rawValue, "'\(name)' cannot be an MM XML tag; its change on \(rule.target) is left out",
                         at: rule.location, path: path)
                    continue
                }
                if !MMXMLSchema.effects.contains(name) {
                    if !keepLegacy {
                        diagnostics.note("mmxml.not-in-schema", "\(owner.name): the effect <\(name)> is not in MM XML 1.1's schema; left out (--keep-legacy keeps it)",
                                         at: rule.location, path: path)
                        continue
                    }
                    keptOutsideSchema.append("<\(name)>")
                }
                if var element = MMXMLEmission.element(value), element.name == name {
                    if !keepLegacy, let language = element.attributes.first(where: { $0.name == "language" }) {
                        element.attributes.removeAll { $0.name == "language" }
                        // Said under the rule's target: the relationship reads back as setting another value.
                        diagnostics.note("mmxml.relationship-language-dropped",
                                         "\(FeaturePlace(path: path).subject(in: form)): the <\(name)> the relationship on \(rule.target) sets is written without its language attribute (\(language.value)), which MM XML 1.1's schema does not allow; the rule now sets \"\((element.text ?? "").excerpt(limit: 40))\" for every language (--keep-legacy keeps it)",
                                         at: rule.location, path: path)
                    }
                    out.append(element)
                }
                else { out.append(MMXMLNode(name, text: value.displayText)) }
            }
        }
        return out
    }

    /// Whether `name` can be an element name (letters, digits, `_`, `-`, `.`, not starting with a digit, `-` or `.`).
    static func isXMLName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0) }
    }

    /// `a.<c>b` (`a. b` joins without a connector, `a.  b` with a space), `a+b`, `a-b`, `+seconds`.
    private func evaluationText(_ ev: Evaluation, rule: Rule, path: String) -> String {
        // The reader keeps an evaluate written otherwise than the spelling below (`A.-B`): written back as read.
        let kept = (rule.extensions["mmxml.evaluateSpellings"]?.arrayValue ?? []).compactMap(\.stringValue)
        if let spelling = kept.first(where: { MMXMLEmission.sameEvaluation($0, ev) }) { return spelling }
        switch ev {
        case .concatenate(let a, let connector, let b):
            switch connector {
            case "": return "\(a). \(b)"
            case " ": return "\(a).  \(b)"
            default:
                if connector.count != 1 || connector.first!.isWhitespace {
                    loss(Feature.ruleEvaluate.rawValue, "MM XML joins with one character; the connector \"\(connector)\" into \(rule.target) is shortened",
                         at: rule.location, path: path)
                }
                return "\(a).\(connector.first.map(String.init) ?? "") \(b)"
            }
        case .add(let a, let b): return "\(a)+\(b)"
        case .subtract(let a, let b): return "\(a)-\(b)"
        case .dateOffset(let s): return s < 0 ? "\(s)" : "+\(s)"
        case .raw(let text): return text
        }
    }

    /// Whether `spelling` says `ev`: equal to its canonical text but for white space that does not follow
    /// the concatenation dot (where one or two spaces are the connector).
    static func sameEvaluation(_ spelling: String, _ ev: Evaluation) -> Bool {
        func normal(_ s: String) -> String {
            var out = "", previous: Character = " "
            for c in s {
                if c == " " && previous != "." && !(previous == " " && out.hasSuffix(". ")) { continue }
                out.append(c)
                previous = c
            }
            return out
        }
        let canonical: String
        switch ev {
        case .concatenate(let a, let connector, let b): canonical = "\(a).\(connector == "" ? " " : connector == " " ? "  " : connector)\(b)"
        case .add(let a, let b): canonical = "\(a)+\(b)"
        case .subtract(let a, let b): canonical = "\(a)-\(b)"
        case .dateOffset(let s): canonical = s < 0 ? "\(s)" : "+\(s)"
        case .raw(let text): canonical = text
        }
        return normal(spelling) == normal(canonical)
    }

    /// `a,b` or `source::component1,component2`.
    private func copyText(_ sources: [CopySource], rule: Rule, path: String) -> String {
        if sources.count == 1, let s = sources.first, !s.components.isEmpty {
            return "\(s.field)::\(s.components.joined(separator: ","))"
        }
        if sources.contains(where: { !$0.components.isEmpty }) {
            loss(Feature.ruleCopy.rawValue, "MM XML copies components from one source only; the components of the copy into \(rule.target) are left out",
                 at: rule.location, path: path)
        }
        return sources.map(\.field).joined(separator: ",")
    }
}
