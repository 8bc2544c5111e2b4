import FormIR
import DocumentTree

/// Writes the MM XML form builder language: `form` → `page` → `group` → `item`, relationships in a
/// `<relationships>` wrapper under `form`, camel-case type names, two-space indentation, a fixed order
/// of attributes and tags (so a second pass yields identical bytes). Texts that are not plain ASCII are
/// written base64-encoded, the only way MM renderers show accented characters.
///
/// What MM XML cannot say is reported: the generic `LossCheck` for undeclared features, plus specific
/// losses (`loss.kind.<kind>` for kinds without an MM type, `loss.condition` for conditions
/// `MMCondition.print` cannot write, presentations, colors, formatting and copy/evaluate forms it lacks).
/// `mmxml.*` extensions written by `MMXMLReader` are written back, so MM XML → IR → MM XML keeps
/// everything.
///
/// The output is valid against the language's XML schema (version 1.1): what the vendor's upgrade drops
/// (`language` attributes, repeated texts) and what the schema does not know are left out with a note or
/// a loss; a missing `formPrefix`, page or group name, or required form-level element is generated and
/// reported. `keepLegacy` writes them as read instead, with a warning that the output is not schema-valid.
public struct MMXMLEmitter: FormEmitter {
    /// Whether to keep what MM XML 1.1's schema rejects (`--keep-legacy`).
    public var keepLegacy: Bool

    /// An emitter of MM XML; `keepLegacy` keeps what the language's schema rejects.
    public init(keepLegacy: Bool = false) {
        self.keepLegacy = keepLegacy
    }
    /// The target id losses name (`mmxml`).
    public var formatID: String { "mmxml" }

    /// The IR features this output holds; `LossCheck` reports the others as losses.
    public var supportedFeatures: Set<Feature> {
        [
            .formTitle, .formLayout, .formColors, .pages, .pageTitle, .sectionTitle, .hiddenPage, .hiddenSection,
            .localization, .label, .detailLabel, .inlineLabel, .placeholder, .missingMessage, .bodyText,
            .customKind, .presentation, .defaultValue, .hidden, .disabled,
            .options, .optionLabels, .optionImages, .optionRange, .multipleSelection,
            .required, .length, .valueRange, .pattern, .patternMessage, .namedValidator, .comparison,
            .dateRestriction, .selectionCount, .requiredValue, .requirementGroup, .requiredWhileHidden, .hiddenValues,
            .position, .size, .columns, .bleeds, .lines, .buttonPosition, .colors, .textSize, .alignment, .keyboard,
            .formatting,
            .actionNotify, .actionLinksTo, .actionSumItems, .actionClient,
            .submitKey, .submitPolicy, .dateEncoding, .submitPrefix, .submitsValue, .partClone, .overrides, .countryCode,
            .ruleShowHideField, .ruleShowHideSection, .ruleShowHidePage, .ruleEnableDisable, .ruleEvaluate, .ruleCopy,
            .ruleSetOptions, .ruleSubmission, .ruleSetText, .ruleSetChecked, .ruleSetProperty, .ruleRequired, .ruleUnconditional,
            .ruleUnresolved,
        ]
    }

    /// Writes `form` as MM XML; what it cannot hold is reported as losses in `diagnostics`.
    public func emit<Sink: OutputSink>(_ form: Form, options: EmitOptions, into sink: inout Sink,
                                       diagnostics: inout Diagnostics) throws {
        LossCheck.report(form, supported: supportedFeatures, target: formatID, keepingExtensions: ["mmxml"],
                         into: &diagnostics)
        HiddenFieldCheck.report(form, engine: HiddenFieldCheck.mmxml, target: formatID, into: &diagnostics)
        let emission = MMXMLEmission(form: form, target: formatID, keepLegacy: keepLegacy, locale: options.locale)
        emission.checkUniqueNames()
        let root = emission.formNode()
        emission.reportStrippedLanguages()
        emission.reportKeptLegacy()
        var writer = MMXMLWriter()
        let text = writer.document(root)
        diagnostics.append(contentsOf: emission.diagnostics.items)
        if writer.droppedCharacters > emission.reportedInvalidCharacters {
            diagnostics.loss("text.invalid-character", target: formatID,
                             "\(writer.droppedCharacters - emission.reportedInvalidCharacters) character(s) XML 1.0 cannot hold were replaced by U+FFFD",
                             at: form.location, path: "/")
        }
        sink.write(Array(text.utf8))
    }
}

/// The state of one emission: the form, the MM type chosen for each field, and the specific losses.
final class MMXMLEmission {
    let form: Form
    let target: String
    var diagnostics = Diagnostics()
    /// The MM type each field is written as (relationship option lists depend on it).
    var typeByField: [String: String] = [:]
    /// The texts to write in Windows-1252 base64 (the reader's `mmxml.windows1252Texts`).
    let windows1252Texts: Set<String>
    /// Whether to write what MM XML 1.1's schema rejects, as read.
    let keepLegacy: Bool
    /// The locale whose text is written when a text has several.
    let locale: String?
    /// What the element being written is, for the diagnostics of its texts.
    var owner: (name: String, location: SourceLocation?, path: String)
    /// With `keepLegacy`: what was written that the schema rejects.
    var keptOutsideSchema: [String] = []
    /// Texts written without the `language` attribute they had.
    var strippedLanguages = 0
    /// Characters XML 1.0 cannot hold that a loss already named with their owner (group titles).
    var reportedInvalidCharacters = 0
    /// Page, group and item names, so that generated names are unique.
    var usedNames: Set<String> = []
    /// The requirement list each field writes as its `required` value (`requirementSpellings()`).
    lazy var requiredLists: [String: String] = requirementSpellings()
    /// What the form's rules act on, for the words of a relationship left out whole.
    lazy var ruleTargets = RuleTargets(form)

    init(form: Form, target: String, keepLegacy: Bool = false, locale: String? = nil) {
        self.form = form
        self.target = target
        self.keepLegacy = keepLegacy
        self.locale = locale
        owner = ("form-level", form.location, "/")
        for page in form.pages {
            if let id = page.id { usedNames.insert(id) }
            for section in page.sections {
                if let id = section.id { usedNames.insert(id) }
                for f in section.fields { usedNames.insert(f.id) }
            }
        }
        windows1252Texts = Set((form.extensions["mmxml.windows1252Texts"]?.arrayValue ?? []).compactMap(\.stringValue))
        for f in form.allFields { typeByField[f.id] = MMXMLEmission.itemType(for: f).type }
    }

    func loss(_ feature: String, _ message: String, at location: SourceLocation?, path: String) {
        diagnostics.loss(feature, target: target, message, at: location, path: path)
    }

    func formNode() -> MMXMLNode {
        var node = MMXMLNode("form")
        node.set("name", form.id)
        node.set("formPrefix", formPrefix())
        titleLoss(form.title, "form title", at: form.location, path: "/")
        node.set("pdfType", form.extensions["mmxml.pdfType"]?.stringValue)
        node.set("charityName", form.extensions["mmxml.charityName"]?.stringValue)
        node.set("presentationStyle", form.extensions["mmxml.presentationStyle"]?.stringValue)
        addPreservedAttributes(form.extensions, to: &node)
        conformAttributes(&node, allowed: MMXMLSchema.formAttributes, owner: "form-level", at: form.location, path: "/")
        // The language's order (its XML schema): colours, margins, page width, pages, relationships, pdfInfo.
        node.children += requiredFormElements([
            form.requiredItemColor?.description, form.optionalItemColor?.description,
            form.layout.leftMargin.map(Value.format), form.layout.rightMargin.map(Value.format),
            form.layout.pageWidth.map(Value.format),
        ])
        for (pi, page) in form.pages.enumerated() {
            let path = "/pages/\(pi)"
            if keepLegacy, page.extensions[MMXMLEmission.implicitKey] == .bool(true) {
                for (si, section) in page.sections.enumerated() { node.children += sectionNodes(section, path: "\(path)/sections/\(si)") }
                continue
            }
            var p = MMXMLNode("page")
            p.set("name", containerName(page.id, kind: "page", index: pi, at: page.location, path: path))
            if keepLegacy || page.title == nil {
                p.set("title", page.title?.defaultText)
                titleLoss(page.title, "page title", at: page.location, path: path)
            } else if let title = page.title?.text(for: locale) {
                loss(Feature.pageTitle.rawValue, "page '\(page.id ?? String(pi + 1))': MM XML 1.1 pages have no title (its schema has no title attribute); \"\(title.excerpt())\" is left out",
                     at: page.location, path: path)
            }
            if page.isHidden { p.set("isHidden", "YES") }
            p.set("forceReceipt", page.extensions["mmxml.forceReceipt"]?.boolValue.map { $0 ? "YES" : "NO" })
            addPreservedAttributes(page.extensions, to: &p)
            conformAttributes(&p, allowed: MMXMLSchema.pageAttributes, owner: "page '\(page.id ?? String(pi + 1))'", at: page.location, path: path)
            p.add("bgcolor", page.backgroundColor?.description)
            for key in ["leftPageMargin", "rightPageMargin"] { p.add(key, page.extensions["mmxml.\(key)"]?.stringValue) }
            for (si, section) in page.sections.enumerated() { p.children += sectionNodes(section, path: "\(path)/sections/\(si)") }
            p.children += conformedTags(page.extensions, owner: "page '\(page.id ?? String(pi + 1))'", at: page.location, path: path)
            node.children.append(p)
        }
        node.children += conformedTags(form.extensions, owner: "form-level", at: form.location, path: "/")
        let rules = form.rules.enumerated().compactMap { relationshipNode($1, path: "/rules/\($0)") }
        if !rules.isEmpty { node.children.append(MMXMLNode("relationships", children: rules)) }
        if let pdfInfo = form.extensions["mmxml.pdfInfo"].flatMap(MMXMLEmission.element) { node.children.append(pdfInfo) }
        return node
    }

    static let implicitKey = "mmxml.implicit"

    /// A `<group>`, or the items alone for the reader's implicit group.
    private func sectionNodes(_ section: Section, path: String) -> [MMXMLNode] {
        let items = section.fields.map { itemNode($0, path: "\(path)/fields/\($0.id)") }
        if keepLegacy, section.extensions[MMXMLEmission.implicitKey] == .bool(true) { return items }
        var g = MMXMLNode("group")
        let index = Int(path.split(separator: "/").last ?? "") ?? 0
        let name = containerName(section.id, kind: "group", index: index, at: section.location, path: path)
        g.set("name", name)
        let title = groupTitle(section.title?.text(for: locale), group: name ?? "", at: section.location, path: path)
        g.set("title", title)
        reportInvalidCharacters(title, in: "title", at: section.location, path: path)
        titleLoss(section.title, "group title", at: section.location, path: path)
        g.set("number", section.extensions["mmxml.number"]?.stringValue.flatMap { n in
            keepLegacy || (n.count == 1 && ("1"..."9").contains(n)) ? n : nil
        })
        if section.isHidden { g.set("isHidden", "YES") }
        g.set("forceReceipt", section.extensions["mmxml.forceReceipt"]?.boolValue.map { $0 ? "YES" : "NO" })
        addPreservedAttributes(section.extensions, to: &g)
        conformAttributes(&g, allowed: MMXMLSchema.groupAttributes, owner: "group '\(name ?? "")'", at: section.location, path: path)
        g.children = items + conformedTags(section.extensions, owner: "group '\(name ?? "")'", at: section.location, path: path)
        return [g]
    }

    /// A group title the schema accepts (at most 50 characters), cut and reported when longer.
    private func groupTitle(_ title: String?, group: String, at location: SourceLocation?, path: String) -> String? {
        guard let title, !keepLegacy, title.count > MMXMLSchema.groupTitleLength else { return title }
        let cut = String(title.prefix(MMXMLSchema.groupTitleLength))
        loss(Feature.sectionTitle.rawValue,
             "group '\(group)': MM XML 1.1 group titles hold at most \(MMXMLSchema.groupTitleLength) characters; \"\(title.excerpt())\" is shown as \"\(cut)\"",
             at: location, path: path)
        return cut
    }

    /// Preserved elements under a page, a group or the form: none fits the schema there, so all are left
    /// out with a note unless `keepLegacy`.
    private func conformedTags(_ ext: Extensions, owner: String, at location: SourceLocation?, path: String) -> [MMXMLNode] {
        let tags = preservedTags(ext)
        if keepLegacy { keptOutsideSchema += tags.map { "<\($0.name)>" }; return tags }
        for t in tags {
            diagnostics.note("mmxml.not-in-schema", "\(owner): <\(t.name)> is not in MM XML 1.1's schema; left out (--keep-legacy keeps it)",
                             at: location, path: path)
        }
        return []
    }

    /// One note for the `language` attributes the schema does not allow.
    func reportStrippedLanguages() {
        guard strippedLanguages > 0 else { return }
        diagnostics.note("mmxml.legacy-dropped",
                         "form-level: \(strippedLanguages) text(s) are written without their language attribute, which MM XML 1.1's schema does not allow (the vendor's upgrade removes it; --keep-legacy keeps it)",
                         at: form.location, path: "/")
    }

    /// An attribute text (it cannot be base64-encoded) with characters XML 1.0 cannot hold: they are
    /// written as U+FFFD, said under its owner.
    func reportInvalidCharacters(_ text: String?, in what: String, feature: Feature = .sectionTitle, shows: String = "the heading shows",
                                 at location: SourceLocation?, path: String) {
        guard let text else { return }
        let replaced = XMLEscaping.escaped(text, attribute: true).replaced
        guard replaced > 0 else { return }
        reportedInvalidCharacters += replaced
        loss(feature.rawValue,
             "the \(what) \"\(text.excerpt())\" has \(replaced) character(s) XML 1.0 cannot hold (control characters); "
             + "each is written as U+FFFD, so \(shows) \u{FFFD} in their place", at: location, path: path)
    }

    /// Titles are attributes in MM XML: one language only.
    private func titleLoss(_ t: LocalizedText?, _ what: String, at location: SourceLocation?, path: String) {
        guard let t, t.entries.count > 1 else { return }
        loss(Feature.localization.rawValue, "the \(what) is an attribute in MM XML; only \"\(t.defaultText ?? "")\" is kept of its \(t.entries.count) translations",
             at: location, path: path)
    }
}
