import FormIR

extension HTMLEmission {
    /// Labels of the address components, as the address inputs show them.
    static let addressLabels = ["address1": "Address", "address2": "Address line 2", "city": "City",
                                "postalCode": "Postal code", "stateProv": "State / province", "country": "Country"]

    /// One field: a wrapper (`hidden` when the field is), its label with the required mark, the control
    /// whose inputs are named by the submitted keys, the detail text and the place for its error.
    mutating func writeField(_ p: HTMLFieldPlan) {
        let f = p.field
        html.open("div", [("class", "fc-field fc-kind-\(Self.cssName(f.kind.rawValue))"), ("id", "fc-f-\(p.index)"),
                          ("data-field", f.id), ("hidden", f.isHidden ? "" : nil), ("style", HTMLFieldStyle.css(f))])
        if p.control == .display {
            writeDisplay(p)
        } else {
            if p.control != .checkbox { writeLabel(p) }
            if let inline = f.texts.inlineLabel { textElement("span", inline, attributes: [("class", "fc-inline")]) }
            writeControl(p)
            if let detail = f.texts.detail { textElement("p", detail, attributes: [("class", "fc-detail")]) }
            if let clone = p.keys.first(where: { $0.component == "partClone" }) {
                html.open("input", [("type", "hidden"), ("name", name(p, clone)), ("data-clone", "")])
            }
            html.raw("<p class=\"fc-error\" id=\"fc-e-\(p.index)\" role=\"alert\" hidden></p>\n")
        }
        html.close("div")
    }

    private mutating func writeLabel(_ p: HTMLFieldPlan) {
        let f = p.field
        let grouped = p.control == .radios || p.control == .checkboxes || p.control == .address || p.control == .dateParts
        html.open(grouped ? "span" : "label", [("class", "fc-label"), ("for", grouped ? nil : "fc-i-\(p.index)")])
        if let label = f.texts.label { textElement("span", label) } else { html.element("span", text: f.id) }
        html.element("span", [("class", "fc-req"), ("title", "required"), ("hidden", f.validation.required ? nil : "")], text: "*")
        html.close(grouped ? "span" : "label")
    }

    /// The name of the key the field's own value submits under.
    private func mainKey(_ p: HTMLFieldPlan) -> String? { name(p, p.keys.first { $0.component == nil }) }

    /// The `name` of the input for `key`: none when the field never submits.
    private func name(_ p: HTMLFieldPlan, _ key: SubmittedKey?) -> String? { p.submits ? key?.key : nil }

    private mutating func inputAttributes(_ p: HTMLFieldPlan) -> [(String, String?)] {
        let f = p.field
        var a: [(String, String?)] = [("id", "fc-i-\(p.index)"), ("name", mainKey(p)), ("disabled", f.isDisabled ? "" : nil)]
        if let ph = f.texts.placeholder ?? f.texts.emptyText {
            a += [("placeholder", texts.string(ph)), ("data-fc-ph", String(texts.number(ph)))]
        }
        if let mode = Self.inputMode(f.style.keyboard) { a.append(("inputmode", mode)) }
        return a
    }

    private mutating func writeControl(_ p: HTMLFieldPlan) {
        let f = p.field
        let initial = f.defaultValue.map(Self.text)
        switch p.control {
        case .input(let type):
            var a = inputAttributes(p) + [("type", type), ("value", initial.flatMap { Self.inputValue($0, type: type) })]
            a += [("step", p.step), ("min", f.validation.minValue.map(Value.format)), ("max", f.validation.maxValue.map(Value.format))]
            if type == "number", f.optionRange != nil, let r = f.optionRange {
                a += [("data-range-min", String(min(r.lower, r.upper))), ("data-range-max", String(max(r.lower, r.upper)))]
            }
            html.open("input", a)
        case .textarea:
            html.open("textarea", inputAttributes(p) + [("rows", f.layout.numberOfLines.map(String.init) ?? "3")])
            html.text(initial ?? "")
            html.close("textarea")
        case .select:
            html.open("select", inputAttributes(p).filter { $0.0 != "placeholder" && $0.0 != "data-fc-ph" })
            let empty = f.texts.emptyText ?? f.texts.placeholder
            html.open("option", [("value", ""), ("data-fc-t", empty.map { String(texts.number($0)) })])
            html.text(empty.map(texts.string) ?? "—")
            html.close("option")
            for (i, o) in p.options.enumerated() {
                html.open("option", [("value", o.value.displayText), ("data-i", String(i)),
                                     ("selected", f.defaultValue == o.value ? "" : nil)] + optionText(o))
                html.text(o.label.map(texts.string) ?? o.value.displayText)
                html.close("option")
            }
            html.close("select")
        case .radios, .checkboxes:
            writeOptionGroup(p)
        case .checkbox:
            html.open("label", [("class", "fc-check")])
            html.open("input", [("type", "checkbox"), ("id", "fc-i-\(p.index)"), ("name", mainKey(p)), ("value", "1"),
                                ("checked", f.defaultValue?.boolValue == true || Self.flag(initial) ? "" : nil),
                                ("disabled", f.isDisabled ? "" : nil)])
            html.raw(" ")
            if let label = f.texts.label { textElement("span", label) } else { html.element("span", text: f.id) }
            html.element("span", [("class", "fc-req"), ("hidden", f.validation.required ? nil : "")], text: "*")
            html.close("label")
        case .dateParts:
            writeParts(p, first: "day", numeric: true) { $0 }
        case .address:
            writeParts(p, first: "address1", numeric: false) { Self.addressLabels[$0] ?? $0 }
        case .signature:
            let w = f.layout.width ?? 400, h = f.layout.height ?? 120
            html.open("canvas", [("class", "fc-signature"), ("id", "fc-i-\(p.index)"), ("width", Value.format(w)),
                                 ("height", Value.format(h))])
            html.close("canvas")
            html.raw("<button type=\"button\" class=\"fc-clear\">Clear</button>")
            html.open("input", [("type", "hidden"), ("name", mainKey(p)), ("value", "")])
        case .photo:
            html.open("input", [("type", "file"), ("accept", "image/*"), ("id", "fc-i-\(p.index)"), ("name", mainKey(p)),
                                ("disabled", f.isDisabled ? "" : nil)])
        case .display:
            break
        }
    }

    /// One small labelled input per component key (date parts, address components); `first` gets the
    /// field's input id, so the field's label points at it.
    private mutating func writeParts(_ p: HTMLFieldPlan, first: String, numeric: Bool, label: (String) -> String) {
        html.open("span", [("class", numeric ? "fc-parts" : "fc-parts fc-address")])
        for key in p.keys where key.component != "partClone" {
            let part = key.component ?? ""
            html.open("label", [("class", "fc-part")])
            html.element("span", text: label(part))
            html.open("input", [("type", "text"), ("inputmode", numeric ? "numeric" : nil), ("name", name(p, key)),
                                ("data-part", part), ("size", numeric ? (part == "year" ? "4" : "2") : nil),
                                ("id", part == first ? "fc-i-\(p.index)" : nil), ("disabled", p.field.isDisabled ? "" : nil)])
            html.close("label")
        }
        html.close("span")
    }

    private mutating func writeOptionGroup(_ p: HTMLFieldPlan) {
        let f = p.field
        var style: String?
        if let c = f.layout.columns, c > 0 { style = "grid-template-columns:repeat(\(min(c, 12)),minmax(0,1fr))" }
        html.open("div", [("class", "fc-options"), ("id", "fc-i-\(p.index)"), ("style", style),
                          ("role", p.control == .radios ? "radiogroup" : "group")])
        let defaults = f.defaultValue.map { $0.arrayValue ?? [$0] } ?? []
        for (i, o) in p.options.enumerated() {
            html.open("label", [("class", "fc-option")])
            html.open("input", [("type", p.control == .radios ? "radio" : "checkbox"), ("name", mainKey(p)),
                                ("value", o.value.displayText), ("data-i", String(i)),
                                ("checked", defaults.contains(o.value) ? "" : nil), ("disabled", f.isDisabled ? "" : nil)])
            html.raw(" ")
            html.open("span", optionText(o))
            html.text(o.label.map(texts.string) ?? o.value.displayText)
            html.close("span")
            html.close("label")
        }
        html.close("div")
    }

    private mutating func optionText(_ o: Option) -> [(String, String?)] {
        [("data-fc-t", o.label.map { String(texts.number($0)) })]
    }

    /// `text`, `image`, `spacer`, `separator`, `button`, `info`, `webView` and `html` fields.
    private mutating func writeDisplay(_ p: HTMLFieldPlan) {
        let f = p.field
        switch f.kind {
        case .separator: html.raw("<hr>\n")
        case .spacer:
            html.open("div", [("class", "fc-spacer"), ("style", "height:\(Value.format(f.layout.sizeY ?? 16))px")])
            html.close("div")
        case .image: writeImage(p)
        case .button:
            let label = f.texts.label
            let opened = f.actions.lazy.compactMap { a -> String? in if case .openURL(let u) = a { return u }; return nil }.first
            // Form text is never code: a link is written only for a web or mail address.
            let url = opened.flatMap { HTMLEmission.isLinkable($0) ? $0 : nil }
            if let opened, url == nil {
                diagnostics.loss(Feature.actionOpenURL.rawValue, target: target,
                                 "\(f.id): html links only to http, https and mailto addresses; '\(opened.excerpt())' is not one, so the button opens nothing",
                                 at: f.location, path: p.path)
            }
            if let url {
                html.open("a", [("class", "fc-button"), ("href", url), ("target", "_blank"), ("rel", "noopener")])
            } else {
                html.open("button", [("type", f.actions.contains(.submit) ? "submit" : "button"), ("class", "fc-button")])
            }
            if let label { textElement("span", label) } else { html.element("span", text: f.id) }
            html.close(url == nil ? "button" : "a")
        case .info:
            html.open("details", [("class", "fc-info")])
            html.open("summary")
            if let label = f.texts.label { textElement("span", label) }
            else { html.element("span", text: f.defaultValue.map(Self.text) ?? "Info") }
            html.close("summary")
            if let body = f.texts.body { textElement("p", body) }
            html.close("details")
        default:
            if let label = f.texts.label, f.texts.body != nil { textElement("strong", label, attributes: [("class", "fc-label")]) }
            if let text = f.texts.body ?? f.texts.label { textElement("p", text, attributes: [("class", "fc-text")]) }
            if f.kind == .html || f.kind == .webView, f.texts.body != nil {
                diagnostics.loss("field.markup", target: target, "html shows the content of '\(f.id)' as text, not as a web page",
                                 at: f.location, path: p.path)
            }
        }
    }

    /// Whether `url` is an http, https or mailto address (scheme compared without case, after the
    /// leading white space and control characters browsers skip).
    static func isLinkable(_ url: String) -> Bool {
        let trimmed = url.drop { $0.isWhitespace || $0.unicodeScalars.allSatisfy { $0.value < 0x20 } }
        guard let colon = trimmed.firstIndex(of: ":") else { return false }
        let scheme = trimmed[..<colon].lowercased()
        return ["http", "https", "mailto"].contains(scheme)
    }

    /// An image the input holds (`data`) is drawn; one it names by file is a framed placeholder and a loss.
    private mutating func writeImage(_ p: HTMLFieldPlan) {
        let f = p.field
        var size = ""
        if let w = f.layout.width { size += "width:\(Value.format(w))px;" }
        if let h = f.layout.height { size += "height:\(Value.format(h))px;" }
        if case .data(let base64)? = f.defaultValue {
            html.open("img", [("class", "fc-image"), ("alt", f.texts.label.map(texts.string) ?? f.id),
                              ("src", "data:image/png;base64," + base64), ("style", size.isEmpty ? nil : size)])
            return
        }
        let name = f.defaultValue.map(Self.text) ?? f.id
        html.element("div", [("class", "fc-image-missing"), ("style", size.isEmpty ? nil : size)], text: "Image: \(name)")
        diagnostics.loss("field.image-file", target: target,
                         "html cannot show the image '\(name)' of '\(f.id)': the input names the file but does not hold it",
                         at: f.location, path: p.path)
    }

    static func text(_ v: Value) -> String { v.displayText }

    static func flag(_ s: String?) -> Bool { ["YES", "TRUE", "1"].contains(s?.uppercased() ?? "") }

    /// A default value as an `<input>` of `type` holds it (dates keep their date part).
    static func inputValue(_ s: String, type: String) -> String? {
        if type.hasPrefix("date") || type == "time", s.first?.isNumber != true { return nil }
        switch type {
        case "date": return String(s.prefix(10))
        case "datetime-local": return String(s.prefix(16))
        default: return s
        }
    }

    /// MM XML keyboard types as HTML `inputmode`.
    static func inputMode(_ keyboard: String?) -> String? {
        switch keyboard {
        case "numberPad"?, "asciiNumberPad"?: "numeric"
        case "decimalPad"?: "decimal"
        case "phonePad"?, "namePhonePad"?: "tel"
        case "emailAddressKeyboard"?, "emailAddress"?: "email"
        case "URLKeyboard"?, "URL"?: "url"
        default: nil
        }
    }

    static func cssName(_ s: String) -> String {
        String(s.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" })
    }
}
