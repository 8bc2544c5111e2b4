/// A whole form: pages of sections of fields, plus the rules between them.
/// Formats without pages have one implicit page (`Page.isImplicit`).
public struct Form: Hashable, Codable, Sendable {
    /// The form's id in its source format, when it has one.
    public var id: String?
    /// The form's title, in each locale given.
    public var title: LocalizedText?
    /// The form's default locale (`EN_US`, `en_US`), when known.
    public var defaultLocale: String?
    /// The pages in order; formats without pages have one implicit page.
    public var pages: [Page]
    /// Relationships, in source order.
    public var rules: [Rule]
    /// Fields that validate together (ShinobiForms `fieldGroups`).
    public var validationGroups: [[String]]
    /// Sets of fields at least one of which must be answered (MM XML `required="a|b"`).
    public var requirementGroups: [RequirementGroup]
    /// What the source engine does with hidden fields; `nil` when the source does not say.
    public var hiddenFields: HiddenFieldRules?
    /// Whether the whole form is read-only.
    public var isDisabled: Bool
    /// The page geometry.
    public var layout: FormLayout
    /// The colours of required and optional items (MM XML `requireditemcolor`, `optionalitemcolor`).
    public var requiredItemColor: Color?
    /// The colour of optional items.
    public var optionalItemColor: Color?
    /// Format-specific data with no IR concept, kept for same-format round trips.
    public var extensions: Extensions
    /// Where the form starts in its source; not part of equality.
    @Uncompared public var location: SourceLocation?

    /// A form; every property left out is empty, `nil` or `false`.
    public init(id: String? = nil, title: LocalizedText? = nil, defaultLocale: String? = nil, pages: [Page] = [],
                rules: [Rule] = [], validationGroups: [[String]] = [], isDisabled: Bool = false,
                layout: FormLayout = FormLayout(), requiredItemColor: Color? = nil, optionalItemColor: Color? = nil,
                extensions: Extensions = [:], requirementGroups: [RequirementGroup] = [],
                hiddenFields: HiddenFieldRules? = nil, location: SourceLocation? = nil) {
        self.id = id
        self.title = title
        self.defaultLocale = defaultLocale
        self.pages = pages
        self.rules = rules
        self.validationGroups = validationGroups
        self.isDisabled = isDisabled
        self.layout = layout
        self.requiredItemColor = requiredItemColor
        self.optionalItemColor = optionalItemColor
        self.extensions = extensions
        self.requirementGroups = requirementGroups
        self.hiddenFields = hiddenFields
        self.location = location
    }

    /// Every field in document order.
    public var allFields: [Field] { pages.flatMap { $0.sections.flatMap(\.fields) } }

    /// How many fields the form has.
    public var fieldCount: Int {
        var n = 0
        for page in pages { for section in page.sections { n += section.fields.count } }
        return n
    }

    /// The first field with `id`.
    public func field(_ id: String) -> Field? {
        for p in pages { for s in p.sections { if let f = s.fields.first(where: { $0.id == id }) { return f } } }
        return nil
    }

    /// Every locale named by any text in the form, sorted.
    public var locales: [String] {
        var found: [String] = []
        func add(_ text: LocalizedText?) {
            for entry in text?.entries ?? [] {
                if let locale = entry.locale, !found.contains(locale) { found.append(locale) }
            }
        }
        add(title)
        for page in pages {
            add(page.title)
            for section in page.sections {
                add(section.title)
                for field in section.fields {
                    for (_, text) in field.texts.all { add(text) }
                    for option in field.options { add(option.label) }
                }
            }
        }
        return found.sorted()
    }
}

/// Page geometry (MM XML form tags `pageWidth`, `leftFormMargin`, `rightFormMargin`).
public struct FormLayout: Hashable, Codable, Sendable {
    /// The page width, in points.
    public var pageWidth: Double?
    /// The left margin, in points.
    public var leftMargin: Double?
    /// The right margin, in points.
    public var rightMargin: Double?
    /// A geometry; each value left out is unset.
    public init(pageWidth: Double? = nil, leftMargin: Double? = nil, rightMargin: Double? = nil) {
        self.pageWidth = pageWidth
        self.leftMargin = leftMargin
        self.rightMargin = rightMargin
    }
    /// Whether nothing is set.
    public var isEmpty: Bool { self == FormLayout() }
}

/// One page (screen) of a form: its sections in order.
public struct Page: Hashable, Codable, Sendable {
    /// The page's id in its source format, when it has one.
    public var id: String?
    /// The page's title, in each locale given.
    public var title: LocalizedText?
    /// The sections in order.
    public var sections: [Section]
    /// Whether the page starts hidden.
    public var isHidden: Bool
    /// `true` for the single page of a format that has no pages; emitters of paged formats may name it.
    public var isImplicit: Bool
    /// The page's background colour (MM XML page `bgcolor`).
    public var backgroundColor: Color?
    /// Format-specific data with no IR concept, kept for same-format round trips.
    public var extensions: Extensions
    /// Where the page starts in its source; not part of equality.
    @Uncompared public var location: SourceLocation?

    /// A page; every property left out is empty, `nil` or `false`.
    public init(id: String? = nil, title: LocalizedText? = nil, sections: [Section] = [], isHidden: Bool = false,
                isImplicit: Bool = false, backgroundColor: Color? = nil, extensions: Extensions = [:],
                location: SourceLocation? = nil) {
        self.id = id
        self.title = title
        self.sections = sections
        self.isHidden = isHidden
        self.isImplicit = isImplicit
        self.backgroundColor = backgroundColor
        self.extensions = extensions
        self.location = location
    }
}

/// A section (row schema, XLForm, RMSForm, ShinobiForms) or group (MM XML).
public struct Section: Hashable, Codable, Sendable {
    /// The section's id in its source format, when it has one.
    public var id: String?
    /// The section's title, in each locale given.
    public var title: LocalizedText?
    /// The text under the section.
    public var footer: LocalizedText?
    /// The fields in order.
    public var fields: [Field]
    /// Whether the section starts hidden.
    public var isHidden: Bool
    /// Set for sections whose rows the user can insert, delete or reorder.
    public var dynamic: DynamicSection?
    /// Colours, text size and alignment of the section.
    public var style: Style
    /// What the app supplies at run time in place of the form (header, enabled state, properties).
    public var appBinding: AppBinding
    /// Format-specific data with no IR concept, kept for same-format round trips.
    public var extensions: Extensions
    /// Where the section starts in its source; not part of equality.
    @Uncompared public var location: SourceLocation?

    /// A section; every property left out is empty, `nil` or `false`.
    public init(id: String? = nil, title: LocalizedText? = nil, footer: LocalizedText? = nil, fields: [Field] = [],
                isHidden: Bool = false, dynamic: DynamicSection? = nil, style: Style = Style(),
                appBinding: AppBinding = AppBinding(), extensions: Extensions = [:], location: SourceLocation? = nil) {
        self.id = id
        self.title = title
        self.footer = footer
        self.fields = fields
        self.isHidden = isHidden
        self.dynamic = dynamic
        self.style = style
        self.appBinding = appBinding
        self.extensions = extensions
        self.location = location
    }
}

/// A multivalued section: row schema `type: dynamic`, XLForm `multivaluedTag`/`sectionOptions`.
public struct DynamicSection: Hashable, Codable, Sendable {
    /// Whether the user may add rows.
    public var allowsInsert: Bool
    /// Whether the user may delete rows.
    public var allowsDelete: Bool
    /// Whether the user may reorder rows.
    public var allowsReorder: Bool
    /// The title of the row that adds a row.
    public var insertTitle: LocalizedText?
    /// Prefix of new rows' ids (row schema `dynamic.id.prefix`) or XLForm's `multivaluedTag`.
    public var idPrefix: String?
    /// The row inserted by the add button.
    public var template: Field?
    /// XLForm `sectionInsertMode`: `lastRow` or `button`.
    public var insertMode: String?

    /// A multivalued section; abilities left out are off.
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
