import FormIR

/// `<item name="…" type="…" …>`: name, type and attributes; tags in `MMXMLReader+ItemTags.swift`.
extension ReadSession {
    /// Validation names MM XML defines (the document's list plus the postal codes real files use).
    static let knownValidations: Set<String> = [
        "none", "lettersOnly", "letters", "numericOnly", "numericWithPeriods", "numeric", "lettersNumericOnly",
        "lettersNumeric", "alphaOnly", "alpha", "alphanumericOnly", "plain", "alphanumeric", "intlphonenumber",
        "usphonenumber", "creditcard", "email", "day", "month", "year", "luhn", "names", "namesNumeric", "repeat",
        "canadianPostalCode", "usPostalCode",
    ]

    /// A field with every property at its default. Each item type's blank field starts as a copy of it,
    /// and an item's field as a copy of that: the first write copies the box (one retain per property),
    /// where `Field.init` builds each default part and compares it with the kept default (some 6,000
    /// instructions a field).
    private static let blankField = Field(id: "", kind: .text)

    /// `MMItemType.lookup(typeText)` and a blank field of that type (kind and presentation set).
    static func typeAndBlankField(_ typeText: String) -> ItemTypeCache.Entry {
        let type = MMItemType.lookup(typeText)
        let (kind, presentation) = type?.type.kindAndPresentation ?? (.custom(typeText), nil)
        var blank = blankField
        blank.kind = kind
        if let presentation { blank.presentation = presentation }
        return (type, blank)
    }

    /// Reads an item and appends its field to `fields` (nothing when the item has no name or type).
    func readItem(_ e: MMElement, section: SectionPath, into fields: inout [Field]) {
        let nameAttribute = e.attribute(id: document.nameAttributeID), typeAttribute = e.attribute(id: document.typeAttributeID)
        let nameRange = nameAttribute?.trimmedValueRange ?? 0..<0
        guard let nameAttribute, !nameRange.isEmpty else {
            error("mmxml.missing-name", "item without a name (type \(e.value("type") ?? "none")); left out",
                  at: e.location, path: section.path)
            return
        }
        let name = document.string(nameRange.lowerBound, nameRange.count)
        // White space around the name is told by its range: the value as written is made a string
        // only for the warning.
        if nameRange.count != nameAttribute.valueCount {
            warning("mmxml.name-trimmed",
                    "item name '\(nameAttribute.value)' has white space around it; read as '\(name)', so its submission key and the name relationships use change to '\(name)'",
                    at: nameAttribute.location, path: section.path)
        }
        // The type is looked up by its bytes; its text is made only for a custom kind or a diagnostic.
        let typeRange = typeAttribute?.trimmedValueRange
        var typeText: String { typeAttribute?.trimmedValue ?? "" }
        guard let typeAttribute, let typeRange, !typeRange.isEmpty else {
            error("mmxml.missing-type", "item '\(name)' has no type; left out", at: e.location, path: section.itemPath(name))
            return
        }
        let location = e.location
        let declaredName = declare(name, kind: .item, at: location) { section.itemPath($0) }
        // The item's path is built only for a diagnostic that names it.
        var item = ItemContext(session: self, name: Int32(itemNames.count), type: nil, section: section)
        itemNames.append(declaredName)
        // The field is built where it ends: its type's blank appended, then filled in place.
        let type = itemTypes.appendBlank(typeRange, in: document.bytes, to: &fields) { Self.typeAndBlankField(typeText) }
        if let type {
            if type.isLegacy {
                deprecated("type '\(typeText)' is the legacy spelling of '\(type.type.rawValue)'",
                           at: typeAttribute.location, path: item.path)
            }
        } else {
            warning("mmxml.unknown-type", "item '\(name)' has type '\(typeText)', which MM XML does not define; kept as kind custom.\(typeText)",
                    at: typeAttribute.location, path: item.path)
        }
        item.type = type?.type
        readItemParts(e, item: item, declaredName: declaredName, writtenName: name, at: location, field: &fields[fields.count - 1])
    }

    /// Fills an item's field (its blank, with the item's type): id and position (`location`, the item's,
    /// worked out once), attributes, tags.
    private func readItemParts(_ e: MMElement, item context: ItemContext, declaredName: String, writtenName name: String,
                               at location: SourceLocation, field: inout Field) {
        field.id = declaredName
        field.location = location
        var password = false
        // The parts attributes and tags change, each put back into the field once.
        var parts = TagParts()
        let ids = (document.nameAttributeID, document.typeAttributeID)
        for a in e.attributes where a.nameID != ids.0 && a.nameID != ids.1 {
            readItemAttribute(a, item: context, field: &field, parts: &parts, password: &password)
        }
        // Only tags set a prefix or a posfix: whether both are there is known without reading the
        // submission part back out of the field.
        let prefixAndPosfix = readItemTags(e, item: context, field: &field, parts: &parts)
        refineKind(&field, parts: &parts, type: context.type, password: password)
        // A renamed duplicate still submits under the name the old engine used.
        if declaredName != name { parts.submission(field) { if $0.key == nil { $0.key = name } } }
        parts.store(into: &field)
        if prefixAndPosfix {
            warning("mmxml.prefix-and-posfix", "item '\(name)' has both <prefix> and <posfix>; <posfix> wins",
                    at: e.children.first { $0.name == "posfix" }?.location ?? e.location, path: context.path)
        }
    }

    /// Where a section stands: `/pages/<page>/sections/<section>`, made a string only when needed.
    struct SectionPath {
        var page: Int
        var section: Int
        var path: String { "/pages/\(page)/sections/\(section)" }
        /// The path of the section's item named `name`.
        func itemPath(_ name: String) -> String { "\(path)/fields/\(name)" }
    }

    /// What the tag and attribute readers need to know about the item: its name by number and the
    /// session by an `unowned(unsafe)` reference (the session outlives every context of its read), so
    /// that the closures that make a diagnostic's path, which capture it, copy it retaining nothing.
    struct ItemContext {
        unowned(unsafe) let session: ReadSession
        /// The item's name as declared: `session.itemNames[name]`.
        var name: Int32
        var type: MMItemType?
        var section: SectionPath
        var path: String { section.itemPath(session.itemNames[Int(name)]) }
        var owner: String { "item '\(session.itemNames[Int(name)])'" }
    }

    /// The item attributes `readItemAttribute` reads, by meaning.
    enum ItemAttribute {
        case required, isHidden, bleeds, skipSubmit, forceSubmit, editable, submitsValue, extensionFlag, receipt
        case password, multiple, isChecked, obsolete, other

        /// The meaning of `name`: one lookup (`other` for a name that means nothing here).
        init(_ name: String) { self = Self.byName[name] ?? .other }

        /// Every name with a meaning, obsolete attributes included.
        private static let byName: [String: ItemAttribute] = {
            var names: [String: ItemAttribute] = [:]
            for name in Legacy.obsoleteAttributes { names[name] = .obsolete }
            let meanings: [String: ItemAttribute] = [
                "required": .required, "isHidden": .isHidden, "bleeds": .bleeds, "skipSubmit": .skipSubmit,
                "forceSubmit": .forceSubmit, "editable": .editable, "submitsValue": .submitsValue,
                "submitAlerts": .extensionFlag, "mustValidate": .extensionFlag, "forceReceipt": .extensionFlag,
                "submitsFlag": .extensionFlag, "receipt": .receipt, "password": .password, "multiple": .multiple,
                "isChecked": .isChecked,
            ]
            // A name both current and obsolete means what it means now.
            names.merge(meanings) { _, current in current }
            return names
        }()
    }

    private func readItemAttribute(_ a: MMElement.Attribute, item: ItemContext, field: inout Field, parts: inout TagParts,
                                   password: inout Bool) {
        func flag() -> Bool? { bool(a, in: &field.extensions, path: item.path, owner: item.owner) }
        func unused() {
            keepAttribute(a, in: &field.extensions, path: item.path, owner: item.owner,
                          message: "attribute '\(a.name)' is not used by \(item.type?.rawValue ?? "this") items; kept as written")
        }
        // By the name's number: no string comparisons.
        switch itemAttributes[Int(a.nameID)] {
        case .required: readRequired(a, item: item, field: field, parts: &parts)
        case .isHidden: if let b = flag() { field.isHidden = b }
        case .bleeds: if let b = flag() { parts.layout(field) { $0.bleeds = b } }
        case .skipSubmit: if let b = flag() { parts.submission(field) { $0.skip = b } }
        case .forceSubmit: if let b = flag() { parts.submission(field) { $0.force = b } }
        case .editable: if let b = flag() { field.isDisabled = !b }
        case .submitsValue: if let b = flag() { parts.submission(field) { $0.submitsValue = b } }
        case .extensionFlag:
            if let b = flag() { field.extensions["mmxml.\(a.name)"] = .bool(b) }
        case .receipt: field.extensions["mmxml.receipt"] = .string(a.value)
        case .password:
            guard item.type == .textField else { return unused() }
            if let b = flag() { password = b }
        case .multiple:
            guard item.type?.acceptsMultiple == true else { return unused() }
            if let b = flag() { field.allowsMultiple = b }
        case .isChecked:
            guard item.type == .checkbox else { return unused() }
            if let b = flag() { field.defaultValue = .bool(b) }
        case .obsolete:
            deprecated("attribute '\(a.name)' on an item is obsolete (legacy format); dropped", at: a.location, path: item.path)
        case .other:
            keepAttribute(a, in: &field.extensions, path: item.path, owner: item.owner)
        }
    }

    /// textField kinds follow `password` and the validation; radioControl and imagePicker with
    /// `multiple="YES"` are multiple choices; dateFields submit components unless told otherwise.
    private func refineKind(_ field: inout Field, parts: inout TagParts, type: MMItemType?, password: Bool) {
        switch type {
        case .textField?:
            if password { field.kind = .password; return }
            // Named validators come only through `parts` (none when it holds no validation).
            for n in parts.validation?.named ?? [] {
                switch n.rawValue {
                case "email": field.kind = .email
                case "intlphonenumber", "usphonenumber": field.kind = .phone
                case "numericOnly": field.kind = .integer
                case "numericWithPeriods": field.kind = .decimal
                default: continue
                }
                return
            }
        case .radioControl?, .imagePicker?:
            if field.allowsMultiple { field.kind = .multipleChoice }
        case .dateField?:
            parts.submission(field) { if $0.dateEncoding == nil { $0.dateEncoding = .components } }
        default: break
        }
    }

    /// `repeat` validation: the item must equal the item its name refers to (`repeatEmail` → `email`).
    func resolveRepeats(_ form: inout Form) {
        guard hasRepeatValidation else { return }
        let repeatValidator = NamedValidator("repeat")
        for pi in form.pages.indices {
            for si in form.pages[pi].sections.indices {
                // In place: reading `form.pages[pi].sections[si].fields[fi]` would copy the page and section.
                form.pages[pi].sections[si].fields.withUnsafeMutableBufferPointer { fields in
                    for fi in fields.indices where fields[fi].validation.named.contains(repeatValidator) {
                        guard let other = Self.repeatTarget(of: fields[fi].id, isItem: isItem) else { continue }
                        fields[fi].validation.comparisons =
                            [FieldComparison(otherField: other, relation: .equal, location: fields[fi].location)]
                    }
                }
            }
        }
    }

    /// The item a `repeat` field repeats: its name without `repeat`, first letter lowered or not.
    static func repeatTarget(of name: String, isItem: (String) -> Bool) -> String? {
        for prefix in ["repeat", "Repeat", "confirm", "Confirm"] where name.hasPrefix(prefix) && name.count > prefix.count {
            let rest = String(name.dropFirst(prefix.count))
            let lowered = rest.prefix(1).lowercased() + rest.dropFirst()
            if isItem(lowered) { return lowered }
            if isItem(rest) { return rest }
        }
        for suffix in ["Repeat", "Confirm", "2"] where name.hasSuffix(suffix) && name.count > suffix.count {
            let rest = String(name.dropLast(suffix.count))
            if isItem(rest) { return rest }
        }
        return nil
    }
}
