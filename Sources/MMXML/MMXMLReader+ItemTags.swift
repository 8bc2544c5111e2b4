import FormIR
import DocumentTree

/// The tags inside an `<item>`, each mapped to its IR property. A tag given twice counts once (the
/// rest is kept and reported); a tag whose value does not parse is kept as written and reported.
extension ReadSession {
    /// Tags that hold one value; the key names the slot several tags may share.
    private static let slots: [String: String] = [
        "size": "size", "sizeY": "sizeY", "width": "width", "height": "height", "position": "position",
        "columns": "columns", "numberOfLines": "numberOfLines", "textColor": "textColor", "bgcolor": "bgcolor",
        "textSize": "textSize", "align": "align", "keyboardtype": "keyboardtype", "minlength": "minlength",
        "maxlength": "maxlength", "minValue": "minValue", "maxValue": "maxValue", "regex": "regex",
        "defaultValue": "default", "defaultDate": "default", "path": "default", "prefix": "prefix", "posfix": "posfix",
        "formatting": "formatting", "unix": "dateEncoding", "string": "dateEncoding",
        "minAgeRestriction": "minAge", "maxAgeRestriction": "maxAge", "minYearRestriction": "minYear",
        "maxYearRestriction": "maxYear", "buttonPosition": "buttonPosition", "partClone": "partClone",
        "minRequiredItems": "minRequired", "maxRequiredItems": "maxRequired", "desiredCountryCode": "countryCode",
        "country": "country", "submitName": "submitName", "options": "range", "order": "order",
        "validationService": "validationService", "fontColor": "fontColor", "requiredValue": "requiredValue",
        "isColor": "isColor", "values": "values",
    ]
    /// Every tag an item may hold, in canonical spelling, found case-insensitively.
    private static let canonical: [String: String] = {
        var names = Array(slots.keys)
        names += ["label", "detailLabel", "inlineLabel", "placeholder", "text", "tag", "option", "image", "onmissing",
                  "onerror", "validation", "regexmessage", "override", "action", "actionArg", "legalText"]
        return Dictionary(uniqueKeysWithValues: names.map { ($0.lowercased(), $0) })
    }()

    /// The 9-grid positions, by name or by number.
    static let positions = ["center", "upper_left", "upper_center", "upper_right", "center_right", "bottom_right",
                            "bottom_center", "bottom_left", "center_left", "0", "1", "2", "3", "4", "5", "6", "7", "8"]

    /// The tags `readItemTag` reads, by canonical name.
    enum ItemTag: String {
        case fontColor, isColor, legalText, requiredValue, values
        case action, actionArg, align, bgcolor, buttonPosition, columns, country, defaultDate, defaultValue, desiredCountryCode, detailLabel, formatting, height, image, inlineLabel, keyboardtype, label, maxAgeRestriction, maxlength, maxRequiredItems, maxValue, maxYearRestriction, minAgeRestriction, minlength, minRequiredItems, minValue, minYearRestriction, numberOfLines, onerror, onmissing, option, options, order, override, partClone, path, placeholder, posfix, position, prefix, regex, regexmessage, size, sizeY, string, submitName, tag, text, textColor, textSize, unix, validation, validationService, width
    }

    /// How a tag inside an item reads: worked out once per distinct element name of the document.
    struct ItemTagSpelling {
        /// The current name, when the tag is written in a legacy spelling.
        var legacyModern: String?
        /// An element of the old format that means nothing now.
        var isObsolete: Bool
        /// The name the tag reads as (legacy spelling modernised, known tags in canonical case).
        var name: String
        /// The bit of the tag's slot in `readItemTags`' set of seen slots; 0 for a tag without one.
        var slot: UInt64
        /// `name` as a tag `readItemTag` reads; `nil` for an unknown tag.
        var tag: ItemTag?
    }

    /// One bit per distinct slot.
    private static let slotBits: [String: UInt64] = {
        let distinct = Set(slots.values).sorted()
        return Dictionary(uniqueKeysWithValues: distinct.enumerated().map { ($0.element, UInt64(1) << UInt64($0.offset)) })
    }()

    /// The bits of the `prefix` and `posfix` slots, and of the `default` slot.
    private static let prefixAndPosfixSlots = slotBits["prefix"]! | slotBits["posfix"]!
    private static let defaultSlot = slotBits["default"]!

    /// `itemTagSpelling` of every tag in its canonical, legacy or obsolete spelling, worked out once
    /// per process: most names a form holds are found here with one lookup.
    private static let commonSpellings: [String: ItemTagSpelling] = {
        let names = Array(canonical.values) + Array(Legacy.tagNames.keys) + Array(Legacy.obsoleteElements)
        return Dictionary(names.map { ($0, spelling(of: $0)) }, uniquingKeysWith: { first, _ in first })
    }()

    /// How a tag spelled `written` reads: its spelling in `commonSpellings` (every canonical, legacy and
    /// obsolete spelling), else as a tag written in another case (`foldedSpelling`).
    static func itemTagSpelling(_ written: String) -> ItemTagSpelling {
        commonSpellings[written] ?? foldedSpelling(of: written)
    }

    /// A name none of `commonSpellings` spells: neither legacy nor obsolete, so it reads as the tag it
    /// names in any case, else as an unknown tag (`spelling(of:)`'s result, without its lookups that
    /// can only miss).
    private static func foldedSpelling(of written: String) -> ItemTagSpelling {
        guard let name = canonical[written.lowercased()] else {
            return ItemTagSpelling(legacyModern: nil, isObsolete: false, name: written, slot: 0, tag: nil)
        }
        return ItemTagSpelling(legacyModern: nil, isObsolete: false, name: name, slot: slots[name].flatMap { slotBits[$0] } ?? 0,
                               tag: ItemTag(rawValue: name))
    }

    static func spelling(of written: String) -> ItemTagSpelling {
        if let modern = Legacy.tagNames[written] {
            return ItemTagSpelling(legacyModern: modern, isObsolete: false, name: modern,
                                   slot: slots[modern].flatMap { slotBits[$0] } ?? 0, tag: ItemTag(rawValue: modern))
        }
        if Legacy.obsoleteElements.contains(written) {
            return ItemTagSpelling(legacyModern: nil, isObsolete: true, name: written, slot: 0, tag: nil)
        }
        let name = canonical[written.lowercased()] ?? written
        return ItemTagSpelling(legacyModern: nil, isObsolete: false, name: name, slot: slots[name].flatMap { slotBits[$0] } ?? 0,
                               tag: ItemTag(rawValue: name))
    }

    /// What `readItemTags` needs of a tag name on every element: no strings, so reading it retains
    /// nothing (the names are looked up in `itemTagSpellings` for a diagnostic).
    struct ItemTagRead {
        var isLegacy: Bool
        var isObsolete: Bool
        var slot: UInt64
        var tag: ItemTag?

        init(_ spelling: ItemTagSpelling) {
            isLegacy = spelling.legacyModern != nil
            isObsolete = spelling.isObsolete
            slot = spelling.slot
            tag = spelling.tag
        }
    }

    /// The parts of an item's field its attributes and tags change (layout, style, validation,
    /// submission, formatting, option range), each taken out of the field at its first change and put
    /// back once after the item is read (`store`); every change to these parts goes through here:
    /// a change made on the field itself boxes the part again each time (`Sparse`: the part copied out,
    /// compared with the empty part and allocated again, some 1,200 instructions a change).
    struct TagParts {
        var layout: Layout?
        var style: Style?
        var validation: Validation?
        var submission: Submission?
        var formatting: Formatting?
        /// The range `<options>` gave; an item's field has none before its tags are read.
        var optionRange: OptionRange?

        mutating func layout(_ field: Field, _ change: (inout Layout) -> Void) { Self.edit(&layout, field.layout, change) }
        mutating func style(_ field: Field, _ change: (inout Style) -> Void) { Self.edit(&style, field.style, change) }
        mutating func validation(_ field: Field, _ change: (inout Validation) -> Void) {
            Self.edit(&validation, field.validation, change)
        }
        mutating func submission(_ field: Field, _ change: (inout Submission) -> Void) {
            Self.edit(&submission, field.submission, change)
        }
        mutating func formatting(_ field: Field, _ change: (inout Formatting) -> Void) {
            Self.edit(&formatting, field.formatting, change)
        }

        /// Changes `part`, taking it from the field (`current`) first when it has not been changed yet.
        @inline(__always)
        private static func edit<Part>(_ part: inout Part?, _ current: @autoclosure () -> Part, _ change: (inout Part) -> Void) {
            if part == nil { part = current() }
            change(&part!)
        }

        /// Puts the changed parts back.
        func store(into field: inout Field) {
            if let layout { field.layout = layout }
            if let style { field.style = style }
            if let validation { field.validation = validation }
            if let submission { field.submission = submission }
            if let formatting { field.formatting = formatting }
            if let optionRange { field.optionRange = optionRange }
        }
    }

    /// Reads the item's tags into `field` and `parts`; returns whether both `<prefix>` and `<posfix>`
    /// were read.
    func readItemTags(_ e: MMElement, item: ItemContext, field: inout Field, parts: inout TagParts) -> Bool {
        var seen: UInt64 = 0
        var regexMessage: LocalizedText?
        var onerror: LocalizedText?
        var pendingOrder: String?
        var actionElements: [MMElement] = []
        if item.type == .checkbox, field.defaultValue != nil { seen |= Self.defaultSlot }
        // Room for the options at once: growing the array one option at a time copies it each time.
        var optionCount = 0
        for child in e.children {
            switch itemTagReads[Int(child.nameID)].tag {
            case .tag?, .option?, .image?: optionCount += 1
            default: break
            }
        }
        if optionCount > 1 { field.options.reserveCapacity(optionCount) }

        for child in e.children {
            let read = itemTagReads[Int(child.nameID)]
            if read.isLegacy {
                let modern = itemTagSpellings[Int(child.nameID)].legacyModern ?? ""
                deprecated("<\(child.name)> is the legacy spelling of <\(modern)>", at: child.location, path: item.path)
            } else if read.isObsolete {
                deprecated("<\(child.name)> is obsolete (legacy format); dropped", at: child.location, path: item.path)
                continue
            }
            if read.slot != 0 {
                if seen & read.slot != 0 {
                    let name = itemTagSpellings[Int(child.nameID)].name
                    keepTag(child, in: &field.extensions, path: item.path, owner: item.owner, id: "mmxml.repeated-tag",
                            message: "\(item.owner) already has a value for <\(name)>; this <\(child.name)> is kept but does not count")
                    continue
                }
                seen |= read.slot
            }
            let ok = readItemTag(read.tag, child, item: item, field: &field, regexMessage: &regexMessage,
                                 onerror: &onerror, pendingOrder: &pendingOrder,
                                 actions: &actionElements, parts: &parts)
            if !ok { seen &= ~read.slot }
        }
        // The last changes through the parts (each read of a part out of the field copies it).
        if let regexMessage {
            if parts.validation.map({ $0.patterns.isEmpty }) ?? field.validation.patterns.isEmpty {
                field.extensions["mmxml.regexmessage"] = regexMessage.extensionValue
            } else {
                parts.validation(field) { $0.patterns[0].message = regexMessage }
            }
        }
        if let onerror { field.extensions["mmxml.onerror"] = onerror.extensionValue }
        if let pendingOrder {
            if parts.optionRange != nil { parts.optionRange?.order = pendingOrder }
            else { field.extensions["mmxml.order"] = .string(pendingOrder) }
        }
        field.actions = readActions(actionElements, item: item)
        return seen & Self.prefixAndPosfixSlots == Self.prefixAndPosfixSlots
    }

    /// Reads one tag into `field`; returns `false` when the value was unusable (kept in extensions).
    private func readItemTag(_ tag: ItemTag?, _ t: MMElement, item: ItemContext, field: inout Field,
                             regexMessage: inout LocalizedText?,
                             onerror: inout LocalizedText?, pendingOrder: inout String?,
                             actions: inout [MMElement], parts: inout TagParts) -> Bool {
        // The item's path is built only for a diagnostic.
        var path: String { item.path }
        func invalid(_ what: String) -> Bool {
            keepTag(t, in: &field.extensions, path: path, owner: item.owner, id: "mmxml.invalid-value",
                    message: "<\(t.name)> of \(item.owner): '\(t.text)' is not \(what); kept as written")
            return false
        }
        func unused() -> Bool {
            keepTag(t, in: &field.extensions, path: path, owner: item.owner,
                    message: "<\(t.name)> is not used by \(item.type?.rawValue ?? "this") items; kept as written")
            return false
        }
        func repeated() -> Bool {
            keepTag(t, in: &field.extensions, path: path, owner: item.owner, id: "mmxml.repeated-tag",
                    message: "<\(t.name)> of \(item.owner) is given twice for \(t.value("language") ?? "the default language"); the first counts, this one is kept as written")
            return false
        }
        func number(floorLegacy: Bool = false) -> Double? {
            guard var d = Self.double(t.text) else { return nil }
            if floorLegacy, isLegacy, d != d.rounded(.down) {
                deprecated("<\(t.name)>\(t.text)</\(t.name)>: the legacy format's decimals are floored to \(Int(d.rounded(.down)))",
                           at: textLocation(t), path: path)
                d = d.rounded(.down)
            }
            return d
        }
        func integer() -> Int? { t.plainInteger ?? Self.int(t.text) }

        guard let tag else {
            keepTag(t, in: &field.extensions, path: path, owner: item.owner)
            return true
        }
        switch tag {
        case .size: guard let d = number() else { return invalid("a number") }; parts.layout(field) { $0.size = d }
        case .sizeY: guard let d = number() else { return invalid("a number") }; parts.layout(field) { $0.sizeY = d }
        case .width: guard let d = number(floorLegacy: true) else { return invalid("a number") }; parts.layout(field) { $0.width = d }
        case .height: guard let d = number(floorLegacy: true) else { return invalid("a number") }; parts.layout(field) { $0.height = d }
        case .textSize: guard let d = number(floorLegacy: true) else { return invalid("a number") }; parts.style(field) { $0.textSize = d }
        case .position:
            if !Self.positions.contains(t.text) {
                warning("mmxml.invalid-value", "<position> of \(item.owner): '\(t.text)' is none of \(Self.positions.prefix(9).joined(separator: ", ")); kept as written",
                        at: textLocation(t), path: path)
            }
            parts.layout(field) { $0.position = t.text }
        case .columns: guard let i = integer() else { return invalid("an integer") }; parts.layout(field) { $0.columns = i }
        case .numberOfLines: guard let i = integer() else { return invalid("an integer") }; parts.layout(field) { $0.numberOfLines = i }
        case .label: if !addText(t, to: &field.texts.label, path: path) { return repeated() }
        case .detailLabel: if !addText(t, to: &field.texts.detail, path: path) { return repeated() }
        case .inlineLabel: if !addText(t, to: &field.texts.inlineLabel, path: path) { return repeated() }
        case .placeholder: if !addText(t, to: &field.texts.placeholder, path: path) { return repeated() }
        case .text: if !addText(t, to: &field.texts.body, path: path) { return repeated() }
        case .image:
            guard item.type == .imagePicker || item.type == nil else { return unused() }
            addOption(t, to: &field.options, path: path, isImage: true)
        case .tag, .option: addOption(t, to: &field.options, path: path, isImage: false)
        case .options:
            guard let r = Self.range(t.text) else { return invalid("a range like 10-15") }
            parts.optionRange = OptionRange(lower: r.0, upper: r.1, order: parts.optionRange?.order)
        case .order:
            switch t.text.lowercased() {
            case "a", "asc", "ascending": pendingOrder = "ascending"
            case "d", "desc", "descending": pendingOrder = "descending"
            default: return invalid("ascending, asc, a, descending, desc or d")
            }
        case .onmissing: addMessages(t, to: &field.texts.missingMessage, path: path, owner: item.owner)
        case .onerror: addMessages(t, to: &onerror, path: path, owner: item.owner)
        case .textColor: parts.style(field) { $0.textColor = t.text }
        case .bgcolor: parts.style(field) { $0.backgroundColor = t.text }
        case .align: parts.style(field) { $0.alignment = t.text }
        case .keyboardtype: parts.style(field) { $0.keyboard = t.text }
        case .minlength: guard let i = integer() else { return invalid("an integer") }; parts.validation(field) { $0.minLength = i }
        case .maxlength: guard let i = integer() else { return invalid("an integer") }; parts.validation(field) { $0.maxLength = i }
        case .minValue: guard let d = number() else { return invalid("a number") }; parts.validation(field) { $0.minValue = d }
        case .maxValue: guard let d = number() else { return invalid("a number") }; parts.validation(field) { $0.maxValue = d }
        case .validation: readValidation(t, item: item, field: &field, parts: &parts)
        case .validationService:
            guard item.type == .addressField else { return unused() }
            field.extensions["mmxml.validationService"] = .string(t.text)
        case .regex: parts.validation(field) { $0.patterns.append(PatternRule(regex: t.text, location: textLocation(t))) }
        case .regexmessage:
            if !addText(t, to: &regexMessage, path: path) { return repeated() }
        case .defaultValue where item.type == .dateField:
            field.defaultValue = Self.int(t.text).map { .int($0) } ?? .string(t.text)
        case .defaultValue: field.defaultValue = .string(decodedText(t, path: path))
        case .defaultDate: field.defaultValue = Self.int(t.text).map { .int($0) } ?? .string(t.text)
        case .path:
            guard item.type?.isImage == true else { return unused() }
            field.defaultValue = .string(t.text)
        case .prefix: parts.submission(field) { $0.prefix = t.text }
        case .posfix: parts.submission(field) { $0.posfix = t.text }
        case .formatting: parts.formatting(field) { $0.dateFormat = t.text }
        case .unix: parts.submission(field) { $0.dateEncoding = .unix(t.text) }
        case .string: parts.submission(field) { $0.dateEncoding = .formatted(t.text) }
        case .minAgeRestriction: guard let i = integer() else { return invalid("an integer") }; parts.validation(field) { $0.minAge = i }
        case .maxAgeRestriction: guard let i = integer() else { return invalid("an integer") }; parts.validation(field) { $0.maxAge = i }
        case .minYearRestriction: guard let i = integer() else { return invalid("an integer") }; parts.validation(field) { $0.minYear = i }
        case .maxYearRestriction: guard let i = integer() else { return invalid("an integer") }; parts.validation(field) { $0.maxYear = i }
        case .buttonPosition:
            guard let p = ButtonPosition.normalise(t.text) else { return invalid("a button position (up left, low right, …)") }
            parts.layout(field) { $0.buttonPosition = p.position }
            if p.isLegacy {
                deprecated("buttonPosition '\(t.text)' uses the legacy words; read as \(p.position)", at: textLocation(t), path: path)
            } else if t.text != p.position {
                field.extensions["mmxml.buttonPosition"] = .string(t.text)
            }
        case .partClone:
            let pieces = t.text.components(separatedBy: "::")
            guard pieces.count == 2, let n = Self.int(pieces[0]), !pieces[1].trimmedSpaces.isEmpty else {
                return invalid("N::key")
            }
            parts.submission(field) { $0.partClone = .init(count: n, key: pieces[1].trimmedSpaces) }
        case .override:
            guard let v = t.value("value") else { return invalid("an override with a value attribute") }
            parts.submission(field) { $0.overrides.append(.init(value: v, text: t.text)) }
        case .minRequiredItems: guard let i = integer() else { return invalid("an integer") }; parts.validation(field) { $0.minSelected = i }
        case .maxRequiredItems: guard let i = integer() else { return invalid("an integer") }; parts.validation(field) { $0.maxSelected = i }
        case .desiredCountryCode: parts.submission(field) { $0.countryCode = t.text }
        case .country:
            guard item.type == .addressField else { return unused() }
            let text = t.text
            if field.extensions.isEmpty, let last = lastCountryExtensions, last.text == text {
                // The extensions the last address item got from the same text, shared (address items
                // mostly name one country; bench/RESULTS.md, "Cost notes").
                field.extensions = last.extensions
            } else if let c = Country.normalise(text) {
                let wasEmpty = field.extensions.isEmpty
                field.extensions["mmxml.country"] = .string(c)
                if c != text { field.extensions["mmxml.countryText"] = .string(text) }
                if wasEmpty { lastCountryExtensions = (text, field.extensions) }
            } else {
                warning("mmxml.unknown-country", "country '\(text)' of \(item.owner) is not one renderers know; kept as written",
                        at: textLocation(t), path: path)
                field.extensions["mmxml.countryText"] = .string(text)
            }
        case .submitName: parts.submission(field) { $0.key = t.text }
        case .requiredValue:
            guard item.type?.acceptsMultiple == true || item.type == nil else { return unused() }
            parts.validation(field) { $0.requiredValue = .string(t.text) }
        case .fontColor:
            guard Color(t.text) != nil else { return invalid("a colour (#RRGGBB or a name MM XML knows)") }
            field.extensions["mmxml.fontColor"] = .string(t.text)
        case .isColor:
            guard let b = Self.bool(t.text) else { return invalid("YES or NO") }
            field.extensions["mmxml.isColor"] = .bool(b)
        case .values: field.extensions["mmxml.values"] = .string(t.text)
        case .legalText:
            let entry = textEntry(t, path: path)
            var list = field.extensions["mmxml.legalText"]?.arrayValue ?? []
            list += LocalizedText([entry]).extensionValue.arrayValue ?? []
            field.extensions["mmxml.legalText"] = .array(list)
        case .action, .actionArg: actions.append(t)
        }
        return true
    }

    /// `<validation>`: a named validator, or an addressField's validation service.
    private func readValidation(_ t: MMElement, item: ItemContext, field: inout Field, parts: inout TagParts) {
        if item.type == .addressField {
            field.extensions["mmxml.addressValidation"] = .string(t.text)
            return
        }
        var name = t.text
        // Known names first (nearly every one; the two lists share no name).
        if !Self.knownValidations.contains(name) {
            if let modern = Legacy.validationNames[name] {
                deprecated("validation '\(name)' is the legacy spelling of '\(modern)'", at: textLocation(t), path: item.path)
                name = modern
            } else {
                warning("mmxml.unknown-validation", "validation '\(name)' of \(item.owner) is not one MM XML defines; kept",
                        at: textLocation(t), path: item.path)
            }
        }
        if name == "repeat" { hasRepeatValidation = true }
        parts.validation(field) { $0.named.append(NamedValidator(name)) }
    }

    /// `<tag value="v" language="…">text</tag>`, `<option …>`, `<image value="v">file.png</image>`: texts
    /// for the same value in other languages join that option.
    func addOption(_ t: MMElement, to options: inout [Option], path: @autoclosure () -> String, isImage: Bool) {
        if isImage {
            let text = t.text
            options.append(Option(value: .string(t.attribute(id: document.valueAttributeID)?.value ?? text), image: text,
                                  location: t.location))
            return
        }
        let attributes = textAttributes(t, path: path())
        let entry = textEntry(t, attributes, path: path())
        let value = Value.string(attributes.value.map(attributeValue) ?? entry.text)
        // By index: a search with a predicate copies each option it looks at.
        for i in options.indices where options[i].image == nil && options[i].value == value
            && options[i].label?.entries.contains(where: { $0.locale == entry.locale }) == false {
            options[i].label?.entries.append(entry)
            return
        }
        let label = optionLabels.label(entry, position: options.count)
        options.append(Option(value: value, label: label, location: t.location))
    }

    /// `10-15`, `-5-5`, `0 - 100`.
    static func range(_ text: String) -> (Int, Int)? {
        let s = text.removingWhitespace
        guard let dash = s.dropFirst().firstIndex(of: "-") else { return nil }
        guard let lo = int(String(s[..<dash])), let hi = int(String(s[s.index(after: dash)...])) else { return nil }
        return (lo, hi)
    }
}
