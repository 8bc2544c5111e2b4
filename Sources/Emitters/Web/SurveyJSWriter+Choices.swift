import DocumentTree
import FormIR
import Lowering

extension SurveyJSWriter {
    /// `choices` (`{value, text}`, `imageLink` for image pickers) or generated numeric choices, the
    /// column count, and the selection count of checkboxes. Option sets a relationship switches are
    /// written as one list (`RuleStates.shownOptions`: the field's own options first) whose items carry
    /// `visibleIf`: survey-core shows an item while its `visibleIf` holds (docs
    /// design-survey-conditional-logic.md, "Item Visibility"). A range the rules switch with other sets
    /// is listed, each value shown while no rule replaces it.
    mutating func writeChoices(_ field: Field, type: String, path: String, into o: inout SchemaObject) {
        let cases = web.rules.listedOptionCases(field)
        if field.options.isEmpty, let range = field.optionRange, cases.count == 1 && cases[0].when == .true || range.listedValues == nil {
            writeRange(range, field: field, type: type, path: path, into: &o)
            if cases.count > 1 || cases.first?.when != .true {
                diagnostics.loss(Feature.optionRange.rawValue, target: web.target,
                                 "\(web.target) cannot switch the option range of '\(field.id)' with the option sets its rules show: the rules' options are not written",
                                 at: field.location, path: path)
            }
        } else {
            o.set("choices", .array(web.rules.shownOptions(field).map { opt in
                var item = choice(opt, imagePicker: type == "imagepicker")
                if cases.count > 1 || cases.first?.when != .true {
                    let when = Formula.any(cases.filter { $0.options.contains { $0.value == opt.value } }.map(\.when))
                    if when != .true, let e = when == .false ? "false" : expression(when) { item.set("visibleIf", .string(e)) }
                }
                return item.node
            }))
        }
        if type == "imagepicker", field.allowsMultiple || field.kind == .multipleChoice { o.set("multiSelect", .bool(true)) }
        if let n = field.layout.columns, ["radiogroup", "checkbox", "imagepicker"].contains(type) {
            o.set("colCount", .int(min(max(n, 0), 5)))
        }
        let v = field.validation
        if v.minSelected != nil || v.maxSelected != nil {
            if type == "checkbox" {
                if let n = v.minSelected { o.set("minSelectedChoices", .int(n)) }
                if let n = v.maxSelected { o.set("maxSelectedChoices", .int(n)) }
            } else {
                diagnostics.loss(Feature.selectionCount.rawValue, target: web.target,
                                 "\(web.target) cannot express the selection count of '\(field.id)': a \(type) question has none",
                                 at: field.location, path: path)
            }
        }
    }

    /// `{value, text}`; SurveyJS's schema types choice values as text, so numbers are written as text
    /// (SurveyJS compares `'5'` and `5` as equal).
    private func choice(_ option: Option, imagePicker: Bool) -> SchemaObject {
        var item = SchemaObject()
        let value: Node = switch option.value {
        case .string(let s): .string(s)
        default: .string(option.value.displayText)
        }
        item.set("value", value)
        if let label = option.label { item.set("text", loc(label)) }
        if imagePicker, let image = option.image { item.set("imageLink", .string(image)) }
        return item
    }

    /// A numeric range: `choicesMin`/`choicesMax` on a drop-down, listed choices on other types.
    private mutating func writeRange(_ range: OptionRange, field: Field, type: String, path: String,
                                     into o: inout SchemaObject) {
        if type == "dropdown", range.lower <= range.upper {
            o.set("choicesMin", .int(range.lower))
            o.set("choicesMax", .int(range.upper))
            o.set("choicesStep", .int(1))
            if range.isDescending { o.set("choicesOrder", .string("desc")) }
        } else if let values = range.listedValues {
            o.set("choices", .array(values.map { .string(String($0)) }))
        } else {
            diagnostics.loss(Feature.optionRange.rawValue, target: web.target,
                             "\(web.target) cannot list the option range \(range.lower)-\(range.upper) of '\(field.id)'",
                             at: field.location, path: path)
        }
    }
}
