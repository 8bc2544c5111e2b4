/// One input or display element of a form.
///
/// The parts most fields leave empty are `Sparse`: stored beside the field only when present, so a
/// plain text field is a small value (its arrays of fields stay small in memory). The flags come
/// last, together, so they share one word instead of padding three.
public struct Field: Hashable, Codable, Sendable {
    /// Stable id, unique in the form: MM XML `name`, row `id`/`tag`, XLForm `tag`, RMSForm key path,
    /// ShinobiForms `name`.
    public var id: String
    /// What the field is.
    public var kind: FieldKind
    /// How it is shown, where formats distinguish it.
    public var presentation: Presentation?
    /// Its label, detail, placeholder and other texts.
    public var texts: FieldTexts
    /// The options of a choice field, in order.
    public var options: [Option]
    /// Options generated from a range (MM XML valuePicker `<options>10-15</options>`).
    @inlinable @Sparse public var optionRange: OptionRange?
    /// The value it starts with.
    @inlinable @Sparse public var defaultValue: Value?
    /// What its value must satisfy.
    @inlinable @Sparse public var validation: Validation
    /// Position and size.
    @inlinable @Sparse public var layout: Layout
    /// Colours, text size and alignment.
    @inlinable @Sparse public var style: Style
    /// How its value is displayed (dates, currency, steps).
    @inlinable @Sparse public var formatting: Formatting
    /// What happens when the user taps it or its value changes.
    public var actions: [Action]
    /// How its value is submitted.
    @inlinable @Sparse public var submission: Submission
    /// What the app supplies at run time in place of the form (options, label, enabled state, cell class).
    @inlinable @Sparse public var appBinding: AppBinding
    /// Format-specific data with no IR concept, kept for same-format round trips.
    public var extensions: Extensions
    /// Where the field starts in its source; not part of equality.
    @Uncompared public var location: SourceLocation?
    /// `true` when several options may be selected at once (radioControl `multiple`, multipleSelector).
    public var allowsMultiple: Bool
    /// Whether the field starts hidden.
    public var isHidden: Bool
    /// `true` when the user cannot change the value (MM `editable="NO"`, row `disabled: true`).
    public var isDisabled: Bool

    /// A field of `kind` with id `id`; every property left out is empty, `nil` or `false`.
    public init(id: String, kind: FieldKind, presentation: Presentation? = nil, texts: FieldTexts = FieldTexts(),
                options: [Option] = [], optionRange: OptionRange? = nil, allowsMultiple: Bool = false,
                defaultValue: Value? = nil, validation: Validation = Validation(), isHidden: Bool = false,
                isDisabled: Bool = false, layout: Layout = Layout(), style: Style = Style(),
                formatting: Formatting = Formatting(), actions: [Action] = [], submission: Submission = Submission(),
                appBinding: AppBinding = AppBinding(), extensions: Extensions = [:], location: SourceLocation? = nil) {
        self.id = id
        self.kind = kind
        self.presentation = presentation
        self.texts = texts
        self.options = options
        self.optionRange = optionRange
        self.allowsMultiple = allowsMultiple
        self.defaultValue = defaultValue
        self.validation = validation
        self.isHidden = isHidden
        self.isDisabled = isDisabled
        self.layout = layout
        self.style = style
        self.formatting = formatting
        self.actions = actions
        self.submission = submission
        self.appBinding = appBinding
        self.extensions = extensions
        self.location = location
    }
}

/// Every text a field can show, each localized.
///
/// The label and the missing-value message, which most fields have, are stored in the value; the
/// other six texts in one `Sparse` side part, allocated only for a field that has any of them. Their
/// accessors are inlinable and read the one text in place (`rare.read`), so a read from another
/// module copies neither the field nor the side part.
public struct FieldTexts: Hashable, Sendable {
    /// The field's title/label.
    public var label: LocalizedText?
    /// Shown when a required field is empty (MM `onmissing/message`, XLForm `requireMsg`).
    public var missingMessage: LocalizedText?
    /// The texts few fields have.
    @usableFromInline var rare: Sparse<RareTexts>

    /// MM `detailLabel`: text drawn to the right of the item.
    @inlinable public var detail: LocalizedText? {
        get { rare.read { $0.detail } }
        set { rare.wrappedValue.detail = newValue }
    }
    /// MM `inlineLabel`: text drawn to the left of the item.
    @inlinable public var inlineLabel: LocalizedText? {
        get { rare.read { $0.inlineLabel } }
        set { rare.wrappedValue.inlineLabel = newValue }
    }
    /// Text shown while the field is empty.
    @inlinable public var placeholder: LocalizedText? {
        get { rare.read { $0.placeholder } }
        set { rare.wrappedValue.placeholder = newValue }
    }
    /// Body text of labels and info buttons (MM `<text>`).
    @inlinable public var body: LocalizedText? {
        get { rare.read { $0.body } }
        set { rare.wrappedValue.body = newValue }
    }
    /// Text shown when there is no value (row `empty_text`, XLForm `noValueDisplayText`).
    @inlinable public var emptyText: LocalizedText? {
        get { rare.read { $0.emptyText } }
        set { rare.wrappedValue.emptyText = newValue }
    }
    /// Title of the option selector screen (row `title.selector`, XLForm `selectorTitle`).
    @inlinable public var selectorTitle: LocalizedText? {
        get { rare.read { $0.selectorTitle } }
        set { rare.wrappedValue.selectorTitle = newValue }
    }

    /// A field's texts; those left out are `nil`.
    public init(label: LocalizedText? = nil, detail: LocalizedText? = nil, inlineLabel: LocalizedText? = nil,
                placeholder: LocalizedText? = nil, missingMessage: LocalizedText? = nil, body: LocalizedText? = nil,
                emptyText: LocalizedText? = nil, selectorTitle: LocalizedText? = nil) {
        self.label = label
        self.missingMessage = missingMessage
        self.rare = Sparse(wrappedValue: RareTexts(detail: detail, inlineLabel: inlineLabel, placeholder: placeholder,
                                                   body: body, emptyText: emptyText, selectorTitle: selectorTitle))
    }

    /// The texts few fields have: `FieldTexts`'s side part.
    @usableFromInline struct RareTexts: SparsePartValue, Sendable {
        @usableFromInline var detail: LocalizedText?
        @usableFromInline var inlineLabel: LocalizedText?
        @usableFromInline var placeholder: LocalizedText?
        @usableFromInline var body: LocalizedText?
        @usableFromInline var emptyText: LocalizedText?
        @usableFromInline var selectorTitle: LocalizedText?

        @usableFromInline static let emptyPart = RareTexts()
    }

    /// Every present text with its role name, in a fixed order.
    public var all: [(role: String, text: LocalizedText)] {
        var r: [(String, LocalizedText)] = []
        if let label { r.append(("label", label)) }
        if let detail { r.append(("detail", detail)) }
        if let inlineLabel { r.append(("inlineLabel", inlineLabel)) }
        if let placeholder { r.append(("placeholder", placeholder)) }
        if let missingMessage { r.append(("missingMessage", missingMessage)) }
        if let body { r.append(("body", body)) }
        if let emptyText { r.append(("emptyText", emptyText)) }
        if let selectorTitle { r.append(("selectorTitle", selectorTitle)) }
        return r
    }
}

// Coded as the flat list of texts it has always been, in the same key order, each left out when
// absent and allowed to be missing or null.
extension FieldTexts: Codable {
    private enum CodingKeys: String, CodingKey {
        case label, detail, inlineLabel, placeholder, missingMessage, body, emptyText, selectorTitle
    }

    /// Decodes the texts; each may be missing or null.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(label: try c.decodeIfPresent(LocalizedText.self, forKey: .label),
                  detail: try c.decodeIfPresent(LocalizedText.self, forKey: .detail),
                  inlineLabel: try c.decodeIfPresent(LocalizedText.self, forKey: .inlineLabel),
                  placeholder: try c.decodeIfPresent(LocalizedText.self, forKey: .placeholder),
                  missingMessage: try c.decodeIfPresent(LocalizedText.self, forKey: .missingMessage),
                  body: try c.decodeIfPresent(LocalizedText.self, forKey: .body),
                  emptyText: try c.decodeIfPresent(LocalizedText.self, forKey: .emptyText),
                  selectorTitle: try c.decodeIfPresent(LocalizedText.self, forKey: .selectorTitle))
    }

    /// Encodes the present texts.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(label, forKey: .label)
        try c.encodeIfPresent(detail, forKey: .detail)
        try c.encodeIfPresent(inlineLabel, forKey: .inlineLabel)
        try c.encodeIfPresent(placeholder, forKey: .placeholder)
        try c.encodeIfPresent(missingMessage, forKey: .missingMessage)
        try c.encodeIfPresent(body, forKey: .body)
        try c.encodeIfPresent(emptyText, forKey: .emptyText)
        try c.encodeIfPresent(selectorTitle, forKey: .selectorTitle)
    }
}

/// One choice of a choice field.
public struct Option: Hashable, Codable, Sendable {
    /// The value submitted (MM `value` attribute; may be a number in row schema/plists).
    public var value: Value
    /// The text shown for the option.
    public var label: LocalizedText?
    /// Image file of an image picker option (MM `<image value="v">file.png</image>`).
    public var image: String?
    /// Format-specific data with no IR concept, kept for same-format round trips.
    public var extensions: Extensions
    /// Where the option starts in its source; not part of equality.
    @Uncompared public var location: SourceLocation?

    /// An option submitting `value`, shown as `label`.
    public init(value: Value, label: LocalizedText? = nil, image: String? = nil,
                extensions: Extensions = [:], location: SourceLocation? = nil) {
        self.value = value
        self.label = label
        self.image = image
        self.extensions = extensions
        self.location = location
    }
}
