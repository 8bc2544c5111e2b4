import FormIR

/// What the language's XML schema (version 1.1) allows, from ../shared/specs/NOTES.md ("MM XML in real
/// forms") and the language's document: the emitter writes only this unless `keepLegacy` is set, and
/// says what it left out or generated. Tests/MMXMLTests/Fixtures/schema/mmxml-form.xsd is the same
/// vocabulary as an XSD 1.1 schema, which the tests validate every output against.
enum MMXMLSchema {
    static let formAttributes: Set<String> = ["formPrefix", "charityName", "presentationStyle", "pdfType"]
    static let pageAttributes: Set<String> = ["name", "isHidden", "forceReceipt"]
    static let groupAttributes: Set<String> = ["name", "title", "number", "isHidden", "forceReceipt"]
    static let itemAttributes: Set<String> = [
        "name", "type", "required", "receipt", "isHidden", "editable", "bleeds", "skipSubmit", "forceSubmit",
        "submitAlerts", "password", "forceReceipt", "submitsFlag", "multiple", "submitsValue", "isChecked", "mustValidate",
    ]
    static let itemChildren: Set<String> = [
        "size", "sizeY", "width", "height", "position", "columns", "numberOfLines", "label", "detailLabel", "inlineLabel",
        "placeholder", "text", "legalText", "defaultValue", "defaultDate", "path", "option", "tag", "image", "override",
        "options", "order", "minRequiredItems", "maxRequiredItems", "requiredValue", "textColor", "fontColor", "bgcolor",
        "textSize", "align", "keyboardtype", "minlength", "maxlength", "minValue", "maxValue", "validation",
        "validationService", "regex", "regexmessage", "prefix", "posfix", "unix", "string", "submitName", "partClone",
        "formatting", "minAgeRestriction", "maxAgeRestriction", "minYearRestriction", "maxYearRestriction",
        "buttonPosition", "country", "desiredCountryCode", "isColor", "values", "action", "actionArg", "onmissing", "onerror",
    ]
    /// Item children that may repeat; every other one is written once.
    static let repeatable: Set<String> = ["option", "tag", "image", "override", "validation", "action", "actionArg"]
    /// The effects a relationship's `if`/`else` may hold.
    static let effects: Set<String> = [
        "show", "hide", "toggle", "evaluate", "copy", "submit", "skip", "force", "check", "uncheck", "forceReceipt",
        "receipt", "editable", "text", "label", "placeholder", "inlineLabel", "detailLabel", "submitName", "maxlength",
        "minlength", "minAgeRestriction", "maxAgeRestriction", "options", "position", "defaultValue", "option", "tag",
        "image", "textColor", "bgcolor", "validation", "required", "isHidden",
    ]
    static let itemTypes: Set<String> = [
        "remoteImage", "localImage", "zipImage", "dateField", "label", "checkbox", "segmentedControl", "dropDown",
        "textField", "multilineLabel", "radioControl", "spacerBlock", "signatureBox", "photoCapture", "addressField",
        "emailPinger", "canadianPostalCode", "valuePicker", "imagePicker", "infoButton", "UKBankPinger", "FRBankPinger",
        "lineBlock",
    ]
    static let buttonPositions: Set<String> = ["up_left", "up_right", "low_right", "low_left"]
    /// The document's `validation` values and the ones real forms add.
    static let validations: Set<String> = [
        "none", "lettersOnly", "letters", "numericOnly", "numericWithPeriods", "numeric", "lettersNumericOnly",
        "lettersNumeric", "alphaOnly", "alpha", "alphanumericOnly", "plain", "alphanumeric", "intlphonenumber",
        "usphonenumber", "creditcard", "email", "day", "month", "year", "luhn", "names", "namesNumeric", "repeat",
        "canadianPostalCode", "usPostalCode", "POSTCODE", "QAS",
    ]
    static let decimals: Set<String> = ["size", "sizeY", "width", "height", "textSize", "minValue", "maxValue"]
    static let integers: Set<String> = [
        "columns", "numberOfLines", "minlength", "maxlength", "minRequiredItems", "maxRequiredItems",
        "minYearRestriction", "maxYearRestriction", "minAgeRestriction", "maxAgeRestriction",
    ]

    /// Whether the schema accepts `text` as the content of the item child `name` (the typed ones).
    static func accepts(_ name: String, _ text: String?) -> Bool {
        let t = (text ?? "").trimmingCharacters(in: .whitespaces)
        if decimals.contains(name) { return Double(t) != nil && !t.lowercased().contains("n") }
        if integers.contains(name) { return Int(t.hasPrefix("+") ? String(t.dropFirst()) : t) != nil }
        if name == "validation" { return validations.contains(t) }
        if name == "buttonPosition" { return buttonPositions.contains(t) }
        return true
    }
    /// The form's `formPrefix` holds at most this many characters.
    static let formPrefixLength = 5
    /// A group's `title` holds at most this many characters.
    static let groupTitleLength = 50
    /// The form-level elements every form must have, in order, with the values written when the IR has none:
    /// the document's preferred page width (678), its colors for required (peach) and optional (blue) items.
    static let requiredFormElements: [(name: String, fallback: String)] = [
        ("requireditemcolor", "#FFDAB9"), ("optionalitemcolor", "blue"),
        ("leftFormMargin", "20"), ("rightFormMargin", "20"), ("pageWidth", "678"),
    ]
}

extension MMXMLEmission {
    /// Leaves out of `node` the attributes `allowed` does not hold, one note each, unless `keepLegacy`.
    func conformAttributes(_ node: inout MMXMLNode, allowed: Set<String>, owner: String,
                           at location: SourceLocation?, path: String) {
        let extra = node.attributes.filter { !allowed.contains($0.name) }
        guard !extra.isEmpty else { return }
        if keepLegacy { keptOutsideSchema += extra.map { "\(node.name)@\($0.name)" }; return }
        node.attributes.removeAll { !allowed.contains($0.name) }
        for a in extra {
            diagnostics.note("mmxml.not-in-schema",
                             "\(owner): the attribute \(a.name)=\"\(a.value.excerpt())\" is not in MM XML 1.1's schema; left out (--keep-legacy keeps it)",
                             at: location, path: path)
        }
    }

    /// Leaves out of an `<item>` the children MM XML 1.1 does not know and the repeats of those it allows
    /// once, one note each, unless `keepLegacy`.
    func conformItemChildren(_ node: inout MMXMLNode, owner: String, at location: SourceLocation?, path: String) {
        var seen = Set<String>()
        var kept: [MMXMLNode] = []
        for c in node.children {
            let known = MMXMLSchema.itemChildren.contains(c.name)
            let repeated = known && !MMXMLSchema.repeatable.contains(c.name) && seen.contains(c.name)
            let accepted = !known || MMXMLSchema.accepts(c.name, c.text)
            seen.insert(c.name)
            if known && !repeated && accepted { kept.append(c); continue }
            if keepLegacy { keptOutsideSchema.append("<\(c.name)>"); kept.append(c); continue }
            if c.name == "validation" {
                loss(Feature.namedValidator.rawValue,
                     "\(owner): MM XML has no '\((c.text ?? "").excerpt())' validation (not in its schema's list); left out, so the app does not check it",
                     at: location, path: path)
                continue
            }
            let why = repeated ? "a second <\(c.name)> is not allowed by MM XML 1.1's schema"
                : !accepted ? "<\(c.name)>\((c.text ?? "").excerpt())</\(c.name)> is not a value MM XML 1.1's schema accepts"
                : "<\(c.name)> is not in MM XML 1.1's schema"
            diagnostics.note("mmxml.not-in-schema", "\(owner): \(why); left out (--keep-legacy keeps it)", at: location, path: path)
        }
        node.children = kept
    }

    /// The entries of `text` to write: all of them with `keepLegacy`; else the one in the default locale,
    /// reporting the translations left out (`loss.localization`) under `owner`.
    func writtenEntries(_ text: LocalizedText?, element: String, owner: String, at location: SourceLocation?,
                        path: String) -> [LocalizedText.Entry] {
        guard let text, !text.entries.isEmpty else { return [] }
        if keepLegacy || text.entries.count == 1 { return text.entries }
        let chosen = text.text(for: locale) ?? ""
        let entry = text.entries.first { $0.text == chosen } ?? text.entries[0]
        let others = text.entries.filter { $0 != entry }.map { $0.locale ?? "no language" }
        loss(Feature.localization.rawValue,
             "\(owner): the <\(element)> has one language in MM XML 1.1 (its schema has no language attribute); "
             + "\"\(entry.text.excerpt())\" is kept, the \(others.joined(separator: ", ")) text(s) are left out",
             at: location, path: path)
        return [entry]
    }

    /// A `formPrefix` the schema accepts: the form title when it is short enough, else its first characters
    /// (or the form id's, or `FORM`), reported.
    func formPrefix() -> String? {
        let title = form.title?.text(for: locale)
        if keepLegacy { return title }
        if let title, title.count <= MMXMLSchema.formPrefixLength, !title.isEmpty { return title }
        let source = title ?? form.id ?? "FORM"
        var prefix = String(source.prefix(MMXMLSchema.formPrefixLength)).trimmingCharacters(in: .whitespaces)
        if prefix.isEmpty { prefix = "FORM" }
        if let title {
            loss(Feature.formTitle.rawValue,
                 "form-level: MM XML's formPrefix (the title prefix renderers show) holds at most \(MMXMLSchema.formPrefixLength) characters; "
                 + "the title \"\(title.excerpt())\" is written as \"\(prefix)\"", at: form.location, path: "/")
        } else {
            diagnostics.note("mmxml.generated-title",
                             "form-level: form title prefix generated (formPrefix=\"\(prefix)\"): MM XML 1.1 requires a formPrefix and the form has no title; "
                             + "MM renderers show \"\(prefix)\" as the form's title prefix",
                             at: form.location, path: "/")
        }
        return prefix
    }

    /// The five form-level elements the schema requires, generated when the form has none: one note per
    /// generated colour (`mmxml.generated-color`) and one for the generated page geometry
    /// (`mmxml.generated-layout`), each saying what the person filling the form sees.
    func requiredFormElements(_ values: [String?]) -> [MMXMLNode] {
        var geometry: [(what: String, tag: String)] = []
        let nodes: [MMXMLNode] = zip(MMXMLSchema.requiredFormElements, values).compactMap { required, value in
            if let value { return MMXMLNode(required.name, text: value) }
            if keepLegacy { return nil }
            let tag = "<\(required.name)>\(required.fallback)</\(required.name)>"
            switch required.name {
            case "requireditemcolor", "optionalitemcolor":
                let which = required.name == "requireditemcolor" ? "required" : "optional"
                diagnostics.note("mmxml.generated-color",
                                 "form-level: colour of \(which) items generated (\(tag)): MM XML 1.1 requires it and the form has none; "
                                 + "MM renderers paint \(which) text fields \(required.fallback == "#FFDAB9" ? "peach (#FFDAB9)" : required.fallback)",
                                 at: form.location, path: "/")
            case "pageWidth": geometry.append(("page width", tag))
            default: geometry.append((required.name == "leftFormMargin" ? "left margin" : "right margin", tag))
            }
            return MMXMLNode(required.name, text: required.fallback)
        }
        if !geometry.isEmpty {
            let names = geometry.map(\.what).sorted { $0.hasPrefix("page") && !$1.hasPrefix("page") }
            let what = names.count == 3 ? ["page width", "margins"] : names
            diagnostics.note("mmxml.generated-layout",
                             "form-level: \(what.joined(separator: " and ")) generated (\(geometry.map(\.tag).joined(separator: ", "))): "
                             + "MM XML 1.1 requires \(geometry.count == 1 ? "it" : "them") and the form has none; MM renderers lay the page out with these values",
                             at: form.location, path: "/")
        }
        return nodes
    }

    /// A page or group name: its id, else a generated one unique in the form (reported).
    func containerName(_ id: String?, kind: String, index: Int, at location: SourceLocation?, path: String) -> String? {
        if keepLegacy { return id }
        if let id, !id.isEmpty { return id }
        var name = "\(kind)\(index + 1)"
        while usedNames.contains(name) { name += "_" }
        usedNames.insert(name)
        diagnostics.note("mmxml.generated", "\(kind) \(index + 1) has no name; MM XML 1.1 requires one: '\(name)' is generated",
                         at: location, path: path)
        return name
    }

    /// Says once, with `keepLegacy`, that the output holds what the schema rejects.
    func reportKeptLegacy() {
        guard keepLegacy, !keptOutsideSchema.isEmpty else { return }
        var names: [String] = []
        for n in keptOutsideSchema where !names.contains(n) { names.append(n) }
        diagnostics.warning("mmxml.not-schema-valid",
                            "form-level: --keep-legacy kept what MM XML 1.1's schema rejects (\(names.prefix(12).joined(separator: ", "))"
                            + (names.count > 12 ? ", …" : "") + "); the output is not valid against the language's XSD",
                            at: form.location, path: "/")
    }
}
