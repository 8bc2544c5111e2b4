import FormIR
import DocumentTree

extension SurveyJSDecoder {
    /// `choices` (`"v"`, `5`, `{value, text, visibleIf, imageLink}`), rating scales (`rateValues`,
    /// `rateMin`…`rateMax`), drop-down ranges (`choicesMin`…`choicesMax`) and selection counts. Choices
    /// with their own `visibleIf` become rules that switch the option set.
    mutating func choices(_ node: Node, type: String, into f: inout Field) {
        let owner = "'\(f.id)'"
        var conditional: [(ParsedCondition, Option)] = []
        func read(_ items: [Node], key: String) {
            for item in items {
                guard let (option, cond) = choice(item, owner: owner, imagePicker: type == "imagepicker") else { continue }
                if f.options.contains(where: { $0.value == option.value }) {
                    diagnostics.warning("surveyjs.duplicate-option-value",
                                        "\(owner) lists the choice \(option.value.displayText) twice; survey-core shows both and cannot tell them apart",
                                        at: item.location)
                    continue
                }
                f.options.append(option)
                if let cond { conditional.append((cond, option)) }
            }
        }
        if let c = node["choices"], let items = array(c, owner: owner, key: "choices") { read(items, key: "choices") }
        if type == "rating" {
            if let r = node["rateValues"], let items = array(r, owner: owner, key: "rateValues"), !items.isEmpty {
                read(items, key: "rateValues")
            } else {
                let lo = number(node["rateMin"], owner: owner, key: "rateMin") ?? 1
                let step = max(number(node["rateStep"], owner: owner, key: "rateStep") ?? 1, 0.0001)
                let count = number(node["rateCount"], owner: owner, key: "rateCount")
                let hi = number(node["rateMax"], owner: owner, key: "rateMax") ?? (count.map { lo + ($0 - 1) * step } ?? 5)
                var v = lo
                while v <= hi + 1e-9, f.options.count < 100 {
                    f.options.append(Option(value: v == v.rounded() ? .int(Int(v)) : .double(v)))
                    v += step
                }
            }
        }
        if type == "dropdown", f.options.isEmpty, let lo = node["choicesMin"]?.intValue, let hi = node["choicesMax"]?.intValue {
            let step = node["choicesStep"]?.intValue ?? 1
            if step == 1 {
                let desc = node["choicesOrder"]?.stringValue == "desc"
                f.optionRange = OptionRange(lower: lo, upper: hi, order: desc ? "descending" : nil)
            } else if step > 0 {
                f.options = stride(from: lo, through: hi, by: step).map { Option(value: .int($0)) }
            }
        }
        if let n = node["minSelectedChoices"]?.intValue, n > 0 { f.validation.minSelected = n }
        if let n = node["maxSelectedChoices"]?.intValue, n > 0 { f.validation.maxSelected = n }
        if !conditional.isEmpty { pendingChoices.append(PendingChoices(field: f.id, all: f.options, conditional: conditional)) }
    }

    /// One choice and its `visibleIf`.
    private mutating func choice(_ item: Node, owner: String, imagePicker: Bool) -> (Option, ParsedCondition?)? {
        if item.mappingEntries == nil {
            guard let v = Self.scalar(item) else {
                diagnostics.warning("surveyjs.wrong-type", "a choice of \(owner) is \(item.typeName); it is skipped", at: item.location)
                return nil
            }
            return (Option(value: v, location: item.location), nil)
        }
        var allowed = (SurveyJSProperties.byType["itemvalue"] ?? []).union(SurveyJSProperties.byType["choiceitem"] ?? [])
        if imagePicker { allowed.formUnion(["imageLink", "imageHeight", "imageWidth"]) }
        checkProperties(item, allowed: allowed, owner: "a choice of \(owner)")
        guard let valueNode = item["value"], let v = Self.scalar(valueNode) else {
            diagnostics.warning("surveyjs.missing-value", "a choice of \(owner) has no value; survey-core cannot select it; it is skipped",
                                at: item.location)
            return nil
        }
        var o = Option(value: v, label: text(item["text"], owner: "a choice of \(owner)", key: "text"), location: item.location)
        if imagePicker { o.image = item["imageLink"]?.stringValue }
        let cond = condition(item["visibleIf"], key: "visibleIf", owner: "the choice \(v.displayText) of \(owner)")
        if let n = item["enableIf"] { notCarried("enableIf", of: "the choice \(v.displayText) of \(owner)", "the IR has no disabled option", at: n) }
        return (o, cond)
    }

    /// A choice value or a default: text, number or boolean.
    static func scalar(_ node: Node) -> Value? {
        switch node.kind {
        case .string(let s): .string(s)
        case .int(let i): .int(i)
        case .double(let d): .double(d)
        case .bool(let b): .bool(b)
        default: nil
        }
    }
}

/// The choices of a question that have their own `visibleIf`.
struct PendingChoices {
    var field: String
    var all: [Option]
    var conditional: [(ParsedCondition, Option)]
}
