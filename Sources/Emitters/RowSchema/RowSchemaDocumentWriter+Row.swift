import FormIR
import DocumentTree

/// One row object, keys in the order docs/row-schema.md gives.
extension RowSchemaDocumentWriter {
    mutating func row(_ field: Field, path: String, template: Bool) -> RowSchemaObject {
        var o = RowSchemaObject()
        var kind = RowSchemaKind.of(field)
        if kind.type == "text", field.validation.named.contains(.email) { kind.type = "email" }
        if let loss = kind.loss {
            diagnostics.loss(loss.feature, target: target, "\(target) cannot express the \(loss.message) ('\(field.id)')",
                             at: field.location, path: path)
        }
        o.set("type", kind.type)
        o.set("id", field.id)
        o.set("title", text(field.texts.label) ?? labelText(field, path: path))
        o.set("style", kind.style)
        o.set("style.display", kind.styleDisplay)
        if !template {
            o.set("hidden", node: state(states.hidden[field.id]))
            o.set("disabled", node: state(states.disabled[field.id]))
        } else {
            if field.isHidden { o.set("hidden", true) }
            if field.isDisabled { o.set("disabled", true) }
        }
        if field.validation.required { o.set("required", true) }
        o.set("placeholder", text(field.texts.placeholder))
        o.set("empty_text", text(field.texts.emptyText))
        if !options(field, into: &o), let r = field.optionRange {
            diagnostics.loss(Feature.optionRange.rawValue, target: target,
                             "\(target) cannot list the option range \(r.lower)-\(r.upper) of '\(field.id)' (too many values)",
                             at: field.location, path: path)
        }
        o.set("title.selector", text(field.texts.selectorTitle))
        bounds(field, into: &o, path: path)
        formatting(field.formatting, into: &o)
        rules(field, into: &o, path: path)
        if kind.pushType { o.set("button.pushtype", true) }
        colors(field, into: &o, path: path)
        if let v = field.defaultValue { o.set("x-formconv-value", RowSchemaObject.node(v)) }
        extensions(field.extensions, into: &o, path: path, location: field.location)
        return o
    }

    /// The title of a label row made of its body text; the body is lost on other rows.
    private mutating func labelText(_ field: Field, path: String) -> String? {
        guard let body = text(field.texts.body) else { return nil }
        if [.label, .info].contains(field.kind) { return body }
        diagnostics.loss(Feature.bodyText.rawValue, target: target,
                         "\(target) cannot express the text of '\(field.id)' beside its title", at: field.location, path: path)
        return nil
    }

    private func state(_ s: RowSchemaStates.State?) -> Node? {
        switch s {
        case nil, .never: return nil
        case .always: return Node(.bool(true))
        case .predicate(let p): return Node(.string(p))
        }
    }

    /// `options`, with a generated range (MM valuePicker `1900-2010`) listed value by value.
    /// Returns `false` when a range was too large to list.
    private func options(_ field: Field, into o: inout RowSchemaObject) -> Bool {
        var values = field.options.map { RowSchemaObject.node($0.value) }
        var listed = true
        if let r = field.optionRange, r.lower <= r.upper,
           case let (span, overflow) = r.upper.subtractingReportingOverflow(r.lower), !overflow, span < 100_000 {
            let descending = ["descending", "d"].contains(r.order?.lowercased() ?? "")
            let range = descending ? Array((r.lower...r.upper).reversed()) : Array(r.lower...r.upper)
            values += range.map { Node(.int($0)) }
        } else if field.optionRange != nil {
            listed = false
        }
        guard !values.isEmpty else { return listed }
        o.set("options", Node(.array(values)))
        var display = RowSchemaObject()
        for opt in field.options {
            if let label = text(opt.label), label != opt.value.displayText { display.set(opt.value.displayText, label) }
        }
        if !display.isEmpty { o.set("options.display", display.node) }
        return listed
    }

    private func formatting(_ f: Formatting, into o: inout RowSchemaObject) {
        o.set("value.stepper.steps", number: f.step)
        o.set("value.stepper.type", f.stepType)
        o.set("minute_interval", int: f.minuteInterval)
        o.set("date.format", f.dateFormat)
        o.set("date.calendar", f.calendar)
        o.set("date.timezone", f.timeZone)
        o.set("date.locale", f.locale)
        o.set("currency.style", f.currencyStyle)
        o.set("currency.locale", f.currencyLocale)
        if !f.formatters.isEmpty {
            o.set("formatter", Node(.array(f.formatters.map { dict in
                var fo = RowSchemaObject()
                if let t = dict["type"] { fo.set("type", RowSchemaObject.node(t)) }
                for key in dict.keys.sorted() where key != "type" { fo.set(key, RowSchemaObject.node(dict[key]!)) }
                return fo.node
            })))
        }
    }

    private mutating func colors(_ field: Field, into o: inout RowSchemaObject, path: String) {
        let s = field.style
        o.set("color.background", s.backgroundColor)
        o.set("color.text", s.textColor)
        o.set("color.text.detail", s.detailTextColor)
        o.set("color.placeholder", s.placeholderColor)
        let keys = ["ios.backgroundColor": "color.background.ios", "ios.textColor": "color.text.ios",
                    "ios.detailTextColor": "color.text.detail.ios", "ios.placeholderColor": "color.placeholder.ios"]
        for k in s.platformColors.keys.sorted() {
            if let key = keys[k] { o.set(key, s.platformColors[k]) } else {
                diagnostics.loss(Feature.colors.rawValue, target: target,
                                 "\(target) has no key for the color '\(k)' of '\(field.id)'", at: field.location, path: path)
            }
        }
    }
}
