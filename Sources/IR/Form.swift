/// A whole form: pages of sections of fields, plus the rules between them.
/// Formats without pages have one implicit page (`Page.isImplicit`).
public struct Form: Hashable, Codable, Sendable {
    public var id: String?
    public var title: LocalizedText?
    /// The form's default locale (`EN_US`, `en_US`), when known.
    public var defaultLocale: String?
    public var pages: [Page]
    /// Relationships, in source order.
    public var rules: [Rule]
    /// Fields that validate together (ShinobiForms `fieldGroups`).
    public var validationGroups: [[String]]
    public var isDisabled: Bool
    public var layout: FormLayout
    public var extensions: Extensions
    @Uncompared public var location: SourceLocation?

    public init(id: String? = nil, title: LocalizedText? = nil, defaultLocale: String? = nil, pages: [Page] = [],
                rules: [Rule] = [], validationGroups: [[String]] = [], isDisabled: Bool = false,
                layout: FormLayout = FormLayout(), extensions: Extensions = [:], location: SourceLocation? = nil) {
        self.id = id
        self.title = title
        self.defaultLocale = defaultLocale
        self.pages = pages
        self.rules = rules
        self.validationGroups = validationGroups
        self.isDisabled = isDisabled
        self.layout = layout
        self.extensions = extensions
        self.location = location
    }

    /// Every field in document order.
    public var allFields: [Field] { pages.flatMap { $0.sections.flatMap(\.fields) } }

    /// How many fields the form has (counted without copying any).
    public var fieldCount: Int {
        var n = 0
        for p in pages.indices { for s in pages[p].sections.indices { n += pages[p].sections[s].fields.count } }
        return n
    }

    /// The first field with `id`.
    public func field(_ id: String) -> Field? {
        for p in pages { for s in p.sections { if let f = s.fields.first(where: { $0.id == id }) { return f } } }
        return nil
    }

    /// Every locale named by any text in the form, sorted.
    public var locales: [String] {
        // Forms name a handful of locales: a list searched in place beats a set, and reading each field's
        // texts once in place (not through `FieldTexts.all` or copied fields) keeps this walk free of
        // allocations. The helpers take `found` in-out: a nested function capturing it paid a run-time
        // exclusivity check on every text.
        var found: [String] = []
        Self.addLocales(of: title, to: &found)
        for p in pages.indices {
            Self.addLocales(of: pages[p].title, to: &found)
            for s in pages[p].sections.indices {
                Self.addLocales(of: pages[p].sections[s].title, to: &found)
                pages[p].sections[s].fields.withUnsafeBufferPointer { fields in
                    for f in fields.indices {
                        fields[f].withUnsafeTextsAndValidation { texts, _ in Self.addLocales(in: texts, to: &found) }
                        fields[f].storedValues.pointee.options.withUnsafeBufferPointer { options in
                            for o in options.indices { Self.addLocales(of: options[o].label, to: &found) }
                        }
                    }
                }
            }
        }
        return found.sorted()
    }

    /// The locales of a field's texts, read where the field keeps them: reading them through
    /// `Field.texts` and `Field.options` retained and released nine arrays a field.
    private static func addLocales(in texts: UnsafePointer<FieldTexts>, to found: inout [String]) {
        texts.pointee.label?.entries.withUnsafeBufferPointer { addLocales(of: $0, to: &found) }
        texts.pointee.detail?.entries.withUnsafeBufferPointer { addLocales(of: $0, to: &found) }
        texts.pointee.inlineLabel?.entries.withUnsafeBufferPointer { addLocales(of: $0, to: &found) }
        texts.pointee.placeholder?.entries.withUnsafeBufferPointer { addLocales(of: $0, to: &found) }
        texts.pointee.missingMessage?.entries.withUnsafeBufferPointer { addLocales(of: $0, to: &found) }
        texts.pointee.body?.entries.withUnsafeBufferPointer { addLocales(of: $0, to: &found) }
        texts.pointee.emptyText?.entries.withUnsafeBufferPointer { addLocales(of: $0, to: &found) }
        texts.pointee.selectorTitle?.entries.withUnsafeBufferPointer { addLocales(of: $0, to: &found) }
    }

    /// Most entries have no locale: those are passed over without copying anything.
    private static func addLocales(of entries: UnsafeBufferPointer<LocalizedText.Entry>, to found: inout [String]) {
        for i in entries.indices where entries[i].locale != nil {
            if let locale = entries[i].locale, !found.contains(locale) { found.append(locale) }
        }
    }

    private static func addLocales(of text: LocalizedText?, to found: inout [String]) {
        text?.entries.withUnsafeBufferPointer { addLocales(of: $0, to: &found) }
    }
}

/// Page geometry (MM XML form tags `pageWidth`, `leftFormMargin`, `rightFormMargin`).
public struct FormLayout: Hashable, Codable, Sendable {
    public var pageWidth: Double?
    public var leftMargin: Double?
    public var rightMargin: Double?
    public init(pageWidth: Double? = nil, leftMargin: Double? = nil, rightMargin: Double? = nil) {
        self.pageWidth = pageWidth
        self.leftMargin = leftMargin
        self.rightMargin = rightMargin
    }
    public var isEmpty: Bool { self == FormLayout() }
}

public struct Page: Hashable, Codable, Sendable {
    public var id: String?
    public var title: LocalizedText?
    public var sections: [Section]
    public var isHidden: Bool
    /// `true` for the single page of a format that has no pages; emitters of paged formats may name it.
    public var isImplicit: Bool
    public var extensions: Extensions
    @Uncompared public var location: SourceLocation?

    public init(id: String? = nil, title: LocalizedText? = nil, sections: [Section] = [], isHidden: Bool = false,
                isImplicit: Bool = false, extensions: Extensions = [:], location: SourceLocation? = nil) {
        self.id = id
        self.title = title
        self.sections = sections
        self.isHidden = isHidden
        self.isImplicit = isImplicit
        self.extensions = extensions
        self.location = location
    }
}

/// A section (row schema, XLForm, RMSForm, ShinobiForms) or group (MM XML).
public struct Section: Hashable, Codable, Sendable {
    public var id: String?
    public var title: LocalizedText?
    public var footer: LocalizedText?
    public var fields: [Field]
    public var isHidden: Bool
    /// Set for sections whose rows the user can insert, delete or reorder.
    public var dynamic: DynamicSection?
    public var style: Style
    public var extensions: Extensions
    @Uncompared public var location: SourceLocation?

    public init(id: String? = nil, title: LocalizedText? = nil, footer: LocalizedText? = nil, fields: [Field] = [],
                isHidden: Bool = false, dynamic: DynamicSection? = nil, style: Style = Style(),
                extensions: Extensions = [:], location: SourceLocation? = nil) {
        self.id = id
        self.title = title
        self.footer = footer
        self.fields = fields
        self.isHidden = isHidden
        self.dynamic = dynamic
        self.style = style
        self.extensions = extensions
        self.location = location
    }
}

/// A multivalued section: row schema `type: dynamic`, XLForm `multivaluedTag`/`sectionOptions`.
public struct DynamicSection: Hashable, Codable, Sendable {
    public var allowsInsert: Bool
    public var allowsDelete: Bool
    public var allowsReorder: Bool
    public var insertTitle: LocalizedText?
    /// Prefix of new rows' ids (row schema `dynamic.id.prefix`) or XLForm's `multivaluedTag`.
    public var idPrefix: String?
    /// The row inserted by the add button.
    public var template: Field?
    /// XLForm `sectionInsertMode`: `lastRow` or `button`.
    public var insertMode: String?

    public init(allowsInsert: Bool = false, allowsDelete: Bool = false, allowsReorder: Bool = false,
                insertTitle: LocalizedText? = nil, idPrefix: String? = nil, template: Field? = nil,
                insertMode: String? = nil) {
        self.allowsInsert = allowsInsert
        self.allowsDelete = allowsDelete
        self.allowsReorder = allowsReorder
        self.insertTitle = insertTitle
        self.idPrefix = idPrefix
        self.template = template
        self.insertMode = insertMode
    }
}
