import DocumentTree
import FormIR
import Lowering

extension SurveyJSWriter {
    /// One question (or display element) for `field`.
    mutating func question(_ field: Field, path: String) -> Node {
        var o = SchemaObject()
        let type = questionType(field, path: path)
        o.set("type", .string(type))
        o.set("name", .string(questionName(field, path: path)))
        SubmissionShapeLosses.reportBitmask(field, target: web.target, path: path, into: &diagnostics)
        if !field.kind.isDisplayOnly, let title = web.titles.title(of: field) {
            o.set("title", loc(title.text))
            FieldTitles.reportFallback(field, title, target: web.target, does: { "\(web.target) shows its \($0) '\($1)' as its title" },
                                       path: path, into: &diagnostics)
        }
        if let detail = field.texts.detail { o.set("description", loc(detail)) }
        setVisibility(web.rules.visible(.field(field.id), hidden: field.isHidden), into: &o)
        if field.kind.isDisplayOnly {
            if type != "image", let value = field.defaultValue {
                diagnostics.loss(Feature.defaultValue.rawValue, target: web.target,
                                 "\(web.target) has no value on a display element: the default \(value.displayText) of '\(field.id)' is not carried",
                                 at: field.location, path: path)
            }
            if field.texts.placeholder != nil { lose(.placeholder, "placeholder", of: field, on: type, path: path) }
            writeDisplay(field, type: type, into: &o)
            return o.node
        }
        setEnablement(web.rules.enabled(.field(field.id), disabled: field.isDisabled), into: &o)
        setRequirement(field, into: &o)
        setHiddenValue(field, into: &o)
        if field.kind == .boolean, web.rules.required(field) != .constant(false) {
            lose(.required, "requirement to be checked (a required yes/no question accepts No)", of: field, on: type, path: path)
        }
        if field.kind == .boolean, o["isRequired"] == nil, o["requiredIf"] == nil {
            // A SurveyJS survey's required yes/no question (either answer), read by SurveyJSReader.
            if field.extensions["surveyjs.isRequired"] == .bool(true) { o.set("isRequired", .bool(true)) }
            else if let e = field.extensions["surveyjs.requiredIf"]?.stringValue { o.set("requiredIf", .string(e)) }
        }
        if let m = field.texts.missingMessage { o.set("requiredErrorText", loc(m)) }
        if let p = field.texts.placeholder {
            if ["text", "comment", "dropdown"].contains(type) { o.set("placeholder", loc(p)) }
            else { lose(.placeholder, "placeholder", of: field, on: type, path: path) }
        }
        if field.texts.body != nil { lose(.bodyText, "body text", of: field, on: type, path: path) }
        if type != "imagepicker", field.options.contains(where: { $0.image != nil }) {
            lose(.optionImages, "option images", of: field, on: type, path: path)
        }
        if field.layout.columns != nil, !["radiogroup", "checkbox", "imagepicker"].contains(type) {
            lose(.columns, "column count", of: field, on: type, path: path)
        }
        switch type {
        case "text": if let t = inputType(field) { o.set("inputType", .string(t)) }
        case "multipletext": o.set("items", .array(components(field).map { .object([("name", .string($0)), ("title", .string($0))]) }))
        case "file": o.set("acceptedTypes", .string("image/*"))
        case "dropdown", "radiogroup", "checkbox", "imagepicker": writeChoices(field, type: type, path: path, into: &o)
        default: break
        }
        if field.kind == .stepper || field.kind == .slider, let step = field.formatting.step {
            o.set("step", .number(step))
        }
        writeDefault(field, path: path, into: &o)
        let validators = self.validators(field, type: type, path: path)
        if !validators.isEmpty { o.set("validators", .array(validators)) }
        setComputedValue(field, into: &o)
        return o.node
    }

    /// Reports a setting the question type has no property for.
    mutating func lose(_ feature: Feature, _ what: String, of field: Field, on type: String, path: String) {
        diagnostics.loss(feature.rawValue, target: web.target,
                         "\(web.target) cannot express the \(what) of '\(field.id)' on a \(type) question",
                         at: field.location, path: path)
    }

    /// The field id, or a numbered variant (with a warning) when an earlier field has the same id: names
    /// must be unique in a survey. Conditions name the first.
    private mutating func questionName(_ field: Field, path: String) -> String {
        if questionNames.insert(field.id).inserted { return field.id }
        let name = uniqueName(field.id, fallback: field.id)
        diagnostics.warning("surveyjs.duplicate-name",
                            "'\(field.id)' is the id of an earlier field too; this question is named '\(name)' and conditions read the first",
                            at: field.location, path: path)
        return name
    }

    /// The question type for the field's kind and presentation; a kind with no SurveyJS question is
    /// written as the nearest one and reported (`loss.kind.<kind>`).
    private mutating func questionType(_ field: Field, path: String) -> String {
        let k = field.kind
        func nearest(_ type: String) -> String {
            diagnostics.loss("kind.\(k.rawValue)", target: web.target,
                             "\(web.target) has no question for the \(k.rawValue) '\(field.id)'; written as \(type)",
                             at: field.location, path: path)
            return type
        }
        switch k {
        case .multiline: return "comment"
        case .boolean: return "boolean"
        case .signature: return "signaturepad"
        case .photo: return "file"
        case .expression: return "expression"
        case .slider:
            if field.validation.minValue != nil && field.validation.maxValue != nil { return "slider" }
            diagnostics.loss("kind.slider", target: web.target,
                             "\(web.target) shows a slider only between a minimum and a maximum: '\(field.id)' is written as a number input",
                             at: field.location, path: path)
            return "text"
        case _ where Self.compositeKinds.contains(k): return components(field).isEmpty ? nearest("text") : "multipletext"
        case .image: return field.defaultValue?.stringValue == nil ? "html" : "image"
        case .info:
            diagnostics.loss("kind.info", target: web.target,
                             "\(web.target) has no info button: the text of '\(field.id)' is shown as a paragraph in the form, with no button to tap",
                             at: field.location, path: path)
            return "html"
        case .label, .html, .spacer, .separator: return "html"
        case .button, .webView: return nearest("html")
        case .query, .countdown: return nearest("text")
        case .singleChoice, .multipleChoice:
            if field.presentation == .imagePicker { return "imagepicker" }
            if k == .multipleChoice || field.allowsMultiple { return "checkbox" }
            let radio = [.radio, .segmented, .leftRight, .checkbox].contains(field.presentation)
            let type = radio ? "radiogroup" : "dropdown"
            if let p = field.presentation, p != (radio ? .radio : .dropDown) {
                lose(.presentation, "\(p.rawValue) presentation (shown as \(radio ? "radio buttons" : "a drop-down list"))",
                     of: field, on: type, path: path)
            }
            return type
        default:
            if !field.options.isEmpty || field.optionRange != nil { return field.allowsMultiple ? "checkbox" : "dropdown" }
            // Text input is SurveyJS's plain answer: any other kind is read back as text.
            if inputType(field) == "number", let shown = Self.numberInputs[k], !(k == .stepper && field.formatting.step != nil) {
                diagnostics.loss("kind.\(k.rawValue)", target: web.target,
                                 "\(web.target) has no \(k.rawValue) input: '\(field.id)' is written as a number input, \(shown)",
                                 at: field.location, path: path)
            }
            return k == .text || inputType(field) != nil ? "text" : nearest("text")
        }
    }

    /// Number kinds SurveyJS writes as a plain number input (`inputType: number`), and what the person
    /// sees differently there.
    static let numberInputs: [FieldKind: String] = [
        .integer: "which also accepts decimals",
        .decimal: "which takes any number",
        .currency: "with no currency symbol",
        .percent: "with no percent sign",
        .stepper: "with no step buttons beyond the browser's own",
    ]

    /// Kinds written as a `multipletext` question, one item per submitted component.
    static let compositeKinds: Set<FieldKind> = [.address, .bankDetails, .location]

    /// `inputType` of a text question.
    func inputType(_ field: Field) -> String? {
        switch field.kind {
        case .email: "email"
        case .phone: "tel"
        case .url: "url"
        case .password: "password"
        case .integer, .decimal, .number, .currency, .percent, .stepper, .slider: "number"
        case .date: "date"
        case .time, .countdown: "time"
        case .dateTime: "datetime-local"
        default: nil
        }
    }

    /// `defaultValue` for text; other values as the literal of `defaultValueExpression`, since the
    /// official schema types `defaultValue` as text.
    private mutating func writeDefault(_ field: Field, path: String, into o: inout SchemaObject) {
        guard let value = field.defaultValue else { return }
        if [.date, .time, .dateTime].contains(field.kind), DateDefault(value) == .opening {
            writeOpeningDate(field, value: value, path: path, into: &o)
            return
        }
        if case .string(let s) = value { o.set("defaultValue", .string(s)); return }
        if case .date(let s) = value { o.set("defaultValue", .string(s)); return }
        if [.date, .time, .dateTime].contains(field.kind) {
            // A date input holds ISO text; a number here is the legacy app's timestamp encoding.
            diagnostics.loss(Feature.defaultValue.rawValue, target: web.target,
                             "\(web.target) cannot express the default value \(value.displayText) of '\(field.id)': a date input holds ISO text",
                             at: field.location, path: path)
            return
        }
        func literal(_ v: Value) throws -> String {
            switch v {
            case .bool(let b): return b ? "true" : "false"
            case .int(let i): return String(i)
            case .double(let d):
                guard d.isFinite else { throw SurveyJSExpression.Failure(reason: "SurveyJS has no literal for \(d)") }
                return Value.format(d)
            case .string(let s), .date(let s): return try expressions.literal(.string(s))
            case .array(let xs): return "[" + (try xs.map(literal)).joined(separator: ", ") + "]"
            default: throw SurveyJSExpression.Failure(reason: "it has no SurveyJS literal")
            }
        }
        do { o.set("defaultValueExpression", .string(try literal(value))) } catch {
            diagnostics.loss(Feature.defaultValue.rawValue, target: web.target,
                             "\(web.target) cannot express the default value \(value.displayText) of '\(field.id)'",
                             at: field.location, path: path)
        }
    }

    /// A date defaulting to the day the form is opened (`today`): `today()` for a date, `currentDate()`
    /// for a date and time; a time input holds `HH:mm` text no SurveyJS function returns (a loss).
    private mutating func writeOpeningDate(_ field: Field, value: Value, path: String, into o: inout SchemaObject) {
        switch field.kind {
        case .date: o.set("defaultValueExpression", .string("today()"))
        case .dateTime: o.set("defaultValueExpression", .string("currentDate()"))
        default:
            diagnostics.loss(Feature.defaultValue.rawValue, target: web.target,
                             "\(web.target) cannot express the default value \(value.displayText) of '\(field.id)': no SurveyJS function gives the current time as a time input's text; the question opens empty",
                             at: field.location, path: path)
        }
    }

    /// The component names of a composite field (address lines, bank fields), from the submission model.
    func components(_ field: Field) -> [String] {
        SubmissionModel.keys(for: field).compactMap { $0.component == "partClone" ? nil : $0.component }
    }

    /// `html` (the field's text, HTML-escaped, a rule for separators) or `image` (its link).
    private func writeDisplay(_ field: Field, type: String, into o: inout SchemaObject) {
        if type == "image", let link = field.defaultValue?.stringValue {
            o.set("imageLink", .string(link))
            if let label = field.texts.label { o.set("altText", loc(label)) }
            return
        }
        if type == "html", let label = field.texts.label, field.kind != .separator, field.kind != .spacer {
            // survey-core shows no title on an html question; it keeps the label for a reader.
            o.set("title", loc(label))
        }
        if field.kind == .separator { o.set("html", .string("<hr>")); return }
        if field.kind == .spacer { o.set("html", .string("<br>")); return }
        if field.kind == .html, let html = field.texts.body { o.set("html", loc(html)); return }  // already HTML
        // An html element with no markup and no label shows nothing: no `html` (the schema does not
        // require it), which reads back as such, where `""` reads back as a label without text.
        if field.kind == .html, field.texts.label == nil { return }
        guard let text = field.texts.body ?? field.texts.label else { o.set("html", .string("")); return }
        var escaped = LocalizedText()
        for e in text.entries { escaped.entries.append(.init(locale: e.locale, text: "<p>" + Self.htmlEscaped(e.text) + "</p>")) }
        o.set("html", loc(escaped))
    }

    /// `s` as HTML text: markup characters escaped, line breaks as `<br>`.
    static func htmlEscaped(_ s: String) -> String {
        var out: [UInt8] = []
        XMLEscaping.escape(s, into: &out)
        return String(decoding: out, as: UTF8.self).replacingOccurrences(of: "\n", with: "<br>")
    }
}
