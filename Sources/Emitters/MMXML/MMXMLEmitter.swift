import FormIR

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
public struct MMXMLEmitter: FormEmitter {
    /// An emitter of MM XML; it takes no options.
    public init() {}
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
            .dateRestriction, .selectionCount, .requiredValue,
            .position, .size, .columns, .bleeds, .lines, .buttonPosition, .colors, .textSize, .alignment, .keyboard,
            .formatting,
            .actionNotify, .actionLinksTo, .actionSumItems, .actionClient,
            .submitKey, .submitPolicy, .dateEncoding, .submitPrefix, .submitsValue, .partClone, .overrides, .countryCode,
            .ruleShowHideField, .ruleShowHideSection, .ruleShowHidePage, .ruleEnableDisable, .ruleEvaluate, .ruleCopy,
            .ruleSetOptions, .ruleSubmission, .ruleSetText, .ruleSetChecked, .ruleSetProperty, .ruleUnconditional,
            .ruleUnresolved,
        ]
    }

    /// Writes `form` as MM XML; what it cannot hold is reported as losses in `diagnostics`.
    public func emit(_ form: Form, options: EmitOptions, diagnostics: inout Diagnostics) throws -> [UInt8] {
        LossCheck.report(form, supported: supportedFeatures, target: formatID, keepingExtensions: ["mmxml"],
                         into: &diagnostics)
        let emission = MMXMLEmission(form: form, target: formatID)
        emission.checkUniqueNames()
        let root = emission.formNode()
        var writer = MMXMLWriter()
        let text = writer.document(root)
        diagnostics.append(contentsOf: emission.diagnostics.items)
        if writer.droppedCharacters > 0 {
            diagnostics.loss("text.invalid-character", target: formatID,
                             "\(writer.droppedCharacters) character(s) XML 1.0 cannot hold were replaced by U+FFFD", at: form.location, path: "/")
        }
        return Array(text.utf8)
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

    init(form: Form, target: String) {
        self.form = form
        self.target = target
        windows1252Texts = Set((form.extensions["mmxml.windows1252Texts"]?.arrayValue ?? []).compactMap(\.stringValue))
        for f in form.allFields { typeByField[f.id] = MMXMLEmission.itemType(for: f).type }
    }

    func loss(_ feature: String, _ message: String, at location: SourceLocation?, path: String) {
        diagnostics.loss(feature, target: target, message, at: location, path: path)
    }

    func formNode() -> MMXMLNode {
        var node = MMXMLNode("form")
        node.set("name", form.id)
        node.set("formPrefix", form.title?.defaultText)
        titleLoss(form.title, "form title", at: form.location, path: "/")
        node.set("pdfType", form.extensions["mmxml.pdfType"]?.stringValue)
        node.set("charityName", form.extensions["mmxml.charityName"]?.stringValue)
        node.set("presentationStyle", form.extensions["mmxml.presentationStyle"]?.stringValue)
        addPreservedAttributes(form.extensions, to: &node)
        // The language's order (its XML schema): colours, margins, page width, pages, relationships, pdfInfo.
        node.add("requireditemcolor", form.requiredItemColor?.description)
        node.add("optionalitemcolor", form.optionalItemColor?.description)
        node.add("leftFormMargin", form.layout.leftMargin.map(Value.format))
        node.add("rightFormMargin", form.layout.rightMargin.map(Value.format))
        node.add("pageWidth", form.layout.pageWidth.map(Value.format))
        for (pi, page) in form.pages.enumerated() {
            let path = "/pages/\(pi)"
            if page.extensions[MMXMLEmission.implicitKey] == .bool(true) {
                for (si, section) in page.sections.enumerated() { node.children += sectionNodes(section, path: "\(path)/sections/\(si)") }
                continue
            }
            var p = MMXMLNode("page")
            p.set("name", page.id)
            p.set("title", page.title?.defaultText)
            titleLoss(page.title, "page title", at: page.location, path: path)
            if page.isHidden { p.set("isHidden", "YES") }
            p.set("forceReceipt", page.extensions["mmxml.forceReceipt"]?.boolValue.map { $0 ? "YES" : "NO" })
            addPreservedAttributes(page.extensions, to: &p)
            p.add("bgcolor", page.backgroundColor?.description)
            for key in ["leftPageMargin", "rightPageMargin"] { p.add(key, page.extensions["mmxml.\(key)"]?.stringValue) }
            for (si, section) in page.sections.enumerated() { p.children += sectionNodes(section, path: "\(path)/sections/\(si)") }
            p.children += preservedTags(page.extensions)
            node.children.append(p)
        }
        node.children += preservedTags(form.extensions)
        let rules = form.rules.enumerated().compactMap { relationshipNode($1, path: "/rules/\($0)") }
        if !rules.isEmpty { node.children.append(MMXMLNode("relationships", children: rules)) }
        if let pdfInfo = form.extensions["mmxml.pdfInfo"].flatMap(MMXMLEmission.element) { node.children.append(pdfInfo) }
        return node
    }

    static let implicitKey = "mmxml.implicit"

    /// A `<group>`, or the items alone for the reader's implicit group.
    private func sectionNodes(_ section: Section, path: String) -> [MMXMLNode] {
        let items = section.fields.map { itemNode($0, path: "\(path)/fields/\($0.id)") }
        if section.extensions[MMXMLEmission.implicitKey] == .bool(true) { return items }
        var g = MMXMLNode("group")
        g.set("name", section.id)
        g.set("title", section.title?.defaultText)
        titleLoss(section.title, "group title", at: section.location, path: path)
        g.set("number", section.extensions["mmxml.number"]?.stringValue)
        if section.isHidden { g.set("isHidden", "YES") }
        g.set("forceReceipt", section.extensions["mmxml.forceReceipt"]?.boolValue.map { $0 ? "YES" : "NO" })
        addPreservedAttributes(section.extensions, to: &g)
        g.children = items + preservedTags(section.extensions)
        return [g]
    }

    /// Titles are attributes in MM XML: one language only.
    private func titleLoss(_ t: LocalizedText?, _ what: String, at location: SourceLocation?, path: String) {
        guard let t, t.entries.count > 1 else { return }
        loss(Feature.localization.rawValue, "the \(what) is an attribute in MM XML; only \"\(t.defaultText ?? "")\" is kept of its \(t.entries.count) translations",
             at: location, path: path)
    }
}
