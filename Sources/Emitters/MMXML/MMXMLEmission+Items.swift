import Foundation
import FormIR

/// `<item>`: attributes and tags in a fixed order.
extension MMXMLEmission {
    func itemNode(_ f: Field, path: String) -> MMXMLNode {
        let t = MMXMLEmission.itemType(for: f)
        if t.lossyKind {
            loss("kind.\(f.kind.rawValue)", "MM XML has no \(f.kind.rawValue) item; '\(f.id)' is written as a \(t.type)",
                 at: f.location, path: path)
        }
        if t.lossyPresentation, let p = f.presentation {
            loss(Feature.presentation.rawValue, "MM XML cannot show '\(f.id)' as \(p.rawValue); written as a \(t.type)",
                 at: f.location, path: path)
        }
        owner = (f.id, f.location, path)
        var n = MMXMLNode("item")
        n.set("name", f.id)
        n.set("type", schemaType(t.type, field: f, path: path))
        attributes(f, type: t.type, into: &n, path: path)
        addPreservedAttributes(f.extensions, to: &n)

        let l = f.layout
        n.add("size", l.size.map(Value.format))
        n.add("sizeY", l.sizeY.map(Value.format))
        n.add("width", l.width.map(Value.format))
        n.add("height", l.height.map(Value.format))
        n.add("position", l.position)
        n.add("columns", l.columns.map(String.init))
        n.add("numberOfLines", l.numberOfLines.map(String.init))
        n.children += textNodes("label", f.texts.label)
        n.children += textNodes("detailLabel", f.texts.detail)
        n.children += textNodes("inlineLabel", f.texts.inlineLabel)
        n.children += textNodes("placeholder", f.texts.placeholder)
        n.children += textNodes("text", f.texts.body)
        defaultValue(f, type: t.type, into: &n, path: path)
        n.children += optionNodes(f.options, type: t.type, owner: f.id, at: f.location, path: path)
        if let r = f.optionRange {
            n.add("options", "\(r.lower)-\(r.upper)")
            n.add("order", r.order)
        } else {
            n.add("order", f.extensions["mmxml.order"]?.stringValue)
        }
        for o in f.submission.overrides { n.children.append(MMXMLNode("override", [("value", o.value)], text: o.text)) }
        n.add("minRequiredItems", f.validation.minSelected.map(String.init))
        n.add("maxRequiredItems", f.validation.maxSelected.map(String.init))
        n.add("requiredValue", f.validation.requiredValue?.displayText)
        style(f, into: &n, path: path)
        validation(f, type: t.type, into: &n, path: path)
        submission(f, into: &n, path: path)
        if let d = f.formatting.dateFormat { n.add("formatting", d) }
        var rest = f.formatting
        rest.dateFormat = nil
        if !rest.isEmpty {
            loss(Feature.formatting.rawValue, "MM XML formats dates only; the other formatting of '\(f.id)' is left out",
                 at: f.location, path: path)
        }
        n.add("minAgeRestriction", f.validation.minAge.map(String.init))
        n.add("maxAgeRestriction", f.validation.maxAge.map(String.init))
        n.add("minYearRestriction", f.validation.minYear.map(String.init))
        n.add("maxYearRestriction", f.validation.maxYear.map(String.init))
        if let b = l.buttonPosition {
            let original = f.extensions["mmxml.buttonPosition"]?.stringValue
            if keepLegacy || original.map(MMXMLSchema.buttonPositions.contains) ?? true {
                n.add("buttonPosition", original ?? b)
            } else {
                diagnostics.note("mmxml.not-in-schema", "\(f.id): buttonPosition '\(original ?? "")' is written '\(b)', the spelling MM XML 1.1's schema accepts",
                                 at: f.location, path: path)
                n.add("buttonPosition", b)
            }
        }
        n.add("country", f.extensions["mmxml.countryText"]?.stringValue ?? f.extensions["mmxml.country"]?.stringValue)
        n.add("desiredCountryCode", f.submission.countryCode)
        n.add("fontColor", f.extensions["mmxml.fontColor"]?.stringValue)
        n.add("isColor", f.extensions["mmxml.isColor"]?.boolValue.map { $0 ? "YES" : "NO" })
        n.add("values", f.extensions["mmxml.values"]?.stringValue)
        n.children += textNodes("legalText", MMXMLEmission.localizedText(f.extensions["mmxml.legalText"]))
        n.children += actionNodes(f.actions)
        if let m = f.texts.missingMessage {
            n.children.append(MMXMLNode("onmissing", children: textNodes("message", m)))
        }
        if let m = MMXMLEmission.localizedText(f.extensions["mmxml.onerror"]) {
            n.children.append(MMXMLNode("onerror", children: textNodes("message", m)))
        }
        n.children += preservedTags(f.extensions)
        conformAttributes(&n, allowed: MMXMLSchema.itemAttributes, owner: f.id, at: f.location, path: path)
        conformItemChildren(&n, owner: f.id, at: f.location, path: path)
        return n
    }

    /// The item type: one of the schema's, else (custom kinds) a textField, reported; as is with `keepLegacy`.
    private func schemaType(_ type: String, field f: Field, path: String) -> String {
        guard !MMXMLSchema.itemTypes.contains(type) else { return type }
        if keepLegacy { keptOutsideSchema.append("type=\"\(type)\""); return type }
        loss(Feature.customKind.rawValue,
             "\(f.id): MM XML 1.1 has no item type '\(type)' (its schema lists the types it knows); written as a textField, "
             + "so the person filling the form types a text", at: f.location, path: path)
        return "textField"
    }

    private func attributes(_ f: Field, type: String, into n: inout MMXMLNode, path: String) {
        func flag(_ name: String, _ b: Bool?) { if let b { n.set(name, b ? "YES" : "NO") } }
        if let list = requiredLists[f.id] { n.set("required", list) } else if f.validation.required { n.set("required", "YES") }
        if type == "radioControl" || type == "imagePicker" {
            if f.allowsMultiple || f.kind == .multipleChoice {
                n.set("multiple", "YES")
                reportBitmask(f, type: type, path: path)
            }
        } else if f.allowsMultiple {
            loss(Feature.multipleSelection.rawValue, "a \(type) cannot select several options; '\(f.id)' allows one",
                 at: f.location, path: path)
        }
        if f.kind == .password, type == "textField" { n.set("password", "YES") }
        if f.isDisabled { n.set("editable", "NO") }
        if f.isHidden { n.set("isHidden", "YES") }
        if f.submission.skip { n.set("skipSubmit", "YES") }
        if f.submission.force { n.set("forceSubmit", "YES") }
        flag("submitsValue", f.submission.submitsValue)
        flag("bleeds", f.layout.bleeds)
        for key in ["submitAlerts", "mustValidate", "forceReceipt", "submitsFlag"] { flag(key, f.extensions["mmxml.\(key)"]?.boolValue) }
        n.set("receipt", f.extensions["mmxml.receipt"]?.stringValue)
    }

    /// A multiple radioControl or imagePicker submits one number, the sum of 2^i over the chosen options
    /// (the language's document: "the first given tag carries the value 2^0"): said per field when the
    /// form submitted the chosen values as a list.
    private func reportBitmask(_ f: Field, type: String, path: String) {
        if case .bitmask? = SubmissionModel.keys(for: f).first?.valueType { return }
        let weights = f.options.prefix(3).enumerated().map { "\($1.value.displayText.excerpt()) = \(1 << $0)" }
        diagnostics.warning("mmxml.submission-bitmask",
                            "\(f.id): MM XML selects several options only in a \(type) with multiple=\"YES\", which submits the choice as one number, "
                            + "the sum of the chosen options' bits (\((weights + (f.options.count > 3 ? ["…"] : [])).joined(separator: ", "))), "
                            + "not as the list of chosen values; whatever receives the answers must decode it",
                            at: f.location, path: path)
    }

    private func defaultValue(_ f: Field, type: String, into n: inout MMXMLNode, path: String) {
        guard let v = f.defaultValue else { return }
        switch type {
        case "localImage", "remoteImage", "zipImage": n.add("path", v.displayText)
        case "checkbox":
            if let b = v.boolValue { n.set("isChecked", b ? "YES" : "NO") }
            else { n.children.append(textNode("defaultValue", v.displayText, locale: nil)) }
        case "dateField":
            var text = v.displayText
            if case .date(let iso) = v,
               let d = ISO8601DateFormatter().date(from: iso) ?? MMXMLEmission.dayFormatter.date(from: iso) {
                text = String(Int(d.timeIntervalSince1970))
                diagnostics.note("mmxml.default-date-as-unix-time",
                                 "\(f.id): <defaultDate> holds a unix timestamp (the language's document): the default \(iso) is written as \(text)"
                                 + (iso.count == 10 ? " (midnight UTC)" : "") + ", the same moment, and reads back as that number",
                                 at: f.location, path: path)
            }
            n.add("defaultDate", text)
        default:
            n.children.append(textNode("defaultValue", v.displayText, locale: nil))
        }
    }

    private static let dayFormatter: DateFormatter = {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd"
        return f
    }()

    /// Options as `<option>`, `<tag>` or `<image>` elements, one per language of each label.
    func optionNodes(_ options: [Option], type: String?, owner: String, at location: SourceLocation?, path: String) -> [MMXMLNode] {
        let element = MMXMLEmission.optionElement(forType: type)
        var out: [MMXMLNode] = []
        for o in options {
            let value = o.value.displayText
            reportInvalidCharacters(value, in: "option value", feature: .options, shows: "the app submits",
                                    at: o.location ?? location, path: path)
            if element == "image", o.image != nil || o.label == nil {
                out.append(MMXMLNode("image", [("value", value)], text: o.image ?? o.label?.defaultText ?? value))
                if o.image != nil, let l = o.label, l.defaultText != value {
                    loss(Feature.optionLabels.rawValue, "image options have no text in MM XML; the label of '\(value)' in '\(owner)' is left out",
                         at: o.location ?? location, path: path)
                }
                continue
            }
            if o.image != nil {
                loss(Feature.optionImages.rawValue, "only imagePicker options show images; the image of '\(value)' in '\(owner)' is left out",
                     at: o.location ?? location, path: path)
            }
            let label = o.label ?? LocalizedText(value)
            for e in writtenEntries(label, element: element, owner: "\(owner) option '\(value)'", at: o.location ?? location, path: path) {
                out.append(textNode(element == "image" ? "tag" : element, e.text, locale: e.locale, extra: [("value", value)]))
            }
        }
        return out
    }
}
