/// One input or display element of a form.
///
/// A copy-on-write value: the properties live in one shared box, so copying a `Field` (every `for`
/// loop over a section's fields does) costs one reference count, not one per string and array it holds.
/// Equality, hashing and the IR JSON encoding are those of the stored properties (`Field.Values`).
public struct Field: Hashable, Codable, Sendable {
    private var box: Box

    /// Stable id, unique in the form: MM XML `name`, row `id`/`tag`, XLForm `tag`, RMSForm key path,
    /// ShinobiForms `name`.
    public var id: String {
        get { box.values.id }
        _modify { yield &unique().values.id }
        set { unique().values.id = newValue }
    }
    public var kind: FieldKind {
        get { box.values.kind }
        _modify { yield &unique().values.kind }
        set { unique().values.kind = newValue }
    }
    public var presentation: Presentation? {
        get { box.values.presentation }
        _modify { yield &unique().values.presentation }
        set { unique().values.presentation = newValue }
    }
    public var texts: FieldTexts {
        get { box.values.texts }
        _modify { yield &unique().values.texts }
        set { unique().values.texts = newValue }
    }
    public var options: [Option] {
        get { box.values.options }
        _modify { yield &unique().values.options }
        set { unique().values.options = newValue }
    }
    /// Options generated from a range (MM XML valuePicker `<options>10-15</options>`).
    public var optionRange: OptionRange? {
        get { box.values.optionRange }
        _modify { yield &unique().values.optionRange }
        set { unique().values.optionRange = newValue }
    }
    /// `true` when several options may be selected at once (radioControl `multiple`, multipleSelector).
    public var allowsMultiple: Bool {
        get { box.values.allowsMultiple }
        _modify { yield &unique().values.allowsMultiple }
        set { unique().values.allowsMultiple = newValue }
    }
    public var defaultValue: Value? {
        get { box.values.defaultValue }
        _modify { yield &unique().values.defaultValue }
        set { unique().values.defaultValue = newValue }
    }
    public var validation: Validation {
        get { box.values.validation }
        _modify { yield &unique().values.validation }
        set { unique().values.validation = newValue }
    }
    public var isHidden: Bool {
        get { box.values.isHidden }
        _modify { yield &unique().values.isHidden }
        set { unique().values.isHidden = newValue }
    }
    /// `true` when the user cannot change the value (MM `editable="NO"`, row `disabled: true`).
    public var isDisabled: Bool {
        get { box.values.isDisabled }
        _modify { yield &unique().values.isDisabled }
        set { unique().values.isDisabled = newValue }
    }
    public var layout: Layout {
        get { box.values.layout }
        _modify { yield &unique().values.layout }
        set { unique().values.layout = newValue }
    }
    public var style: Style {
        get { box.values.style }
        _modify { yield &unique().values.style }
        set { unique().values.style = newValue }
    }
    public var formatting: Formatting {
        get { box.values.formatting }
        _modify { yield &unique().values.formatting }
        set { unique().values.formatting = newValue }
    }
    public var actions: [Action] {
        get { box.values.actions }
        _modify { yield &unique().values.actions }
        set { unique().values.actions = newValue }
    }
    public var submission: Submission {
        get { box.values.submission }
        _modify { yield &unique().values.submission }
        set { unique().values.submission = newValue }
    }
    public var extensions: Extensions {
        get { box.values.extensions }
        _modify { yield &unique().values.extensions }
        set { unique().values.extensions = newValue }
    }
    /// Where the field starts in its source; not part of equality.
    public var location: SourceLocation? {
        get { box.values.location }
        _modify { yield &unique().values.location }
        set { unique().values.location = newValue }
    }

    public init(id: String, kind: FieldKind, presentation: Presentation? = nil, texts: FieldTexts = FieldTexts(),
                options: [Option] = [], optionRange: OptionRange? = nil, allowsMultiple: Bool = false,
                defaultValue: Value? = nil, validation: Validation = Validation(), isHidden: Bool = false,
                isDisabled: Bool = false, layout: Layout = Layout(), style: Style = Style(),
                formatting: Formatting = Formatting(), actions: [Action] = [], submission: Submission = Submission(),
                extensions: Extensions = [:], location: SourceLocation? = nil) {
        box = Box(Values(id: id, kind: kind, presentation: presentation, texts: texts, options: options,
                         optionRange: optionRange, allowsMultiple: allowsMultiple, defaultValue: defaultValue,
                         validation: validation, isHidden: isHidden, isDisabled: isDisabled, layout: layout,
                         style: style, formatting: formatting, actions: actions, submission: submission,
                         extensions: extensions, location: location))
    }

    public init(from decoder: Decoder) throws { box = Box(try Values(from: decoder)) }
    public func encode(to encoder: Encoder) throws { try box.values.encode(to: encoder) }

    public static func == (a: Field, b: Field) -> Bool { a.box === b.box || a.box.values == b.box.values }
    public func hash(into hasher: inout Hasher) { box.values.hash(into: &hasher) }

    /// The box, copied first when another `Field` shares it.
    private mutating func unique() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.values) }
        return box
    }

    /// Holds the values; only ever mutated while uniquely referenced, which is what makes it `Sendable`.
    private final class Box: @unchecked Sendable {
        var values: Values
        init(_ values: Values) { self.values = values }
    }

    /// The stored properties of a field, in IR JSON order.
    struct Values: Hashable, Codable, Sendable {
        var id: String
        var kind: FieldKind
        var presentation: Presentation?
        var texts: FieldTexts
        var options: [Option]
        var optionRange: OptionRange?
        var allowsMultiple: Bool
        var defaultValue: Value?
        var validation: Validation
        var isHidden: Bool
        var isDisabled: Bool
        @Boxed var layout: Layout
        @Boxed var style: Style
        @Boxed var formatting: Formatting
        var actions: [Action]
        @Boxed var submission: Submission
        var extensions: Extensions
        @Uncompared var location: SourceLocation?
    }
}

/// Every text a field can show, each localized.
public struct FieldTexts: Hashable, Codable, Sendable {
    /// The field's title/label.
    public var label: LocalizedText?
    /// MM `detailLabel`: text drawn to the right of the item.
    public var detail: LocalizedText?
    /// MM `inlineLabel`: text drawn to the left of the item.
    public var inlineLabel: LocalizedText?
    public var placeholder: LocalizedText?
    /// Shown when a required field is empty (MM `onmissing/message`, XLForm `requireMsg`).
    public var missingMessage: LocalizedText?
    /// Body text of labels and info buttons (MM `<text>`).
    public var body: LocalizedText?
    /// Text shown when there is no value (row `empty_text`, XLForm `noValueDisplayText`).
    public var emptyText: LocalizedText?
    /// Title of the option selector screen (row `title.selector`, XLForm `selectorTitle`).
    public var selectorTitle: LocalizedText?

    public init(label: LocalizedText? = nil, detail: LocalizedText? = nil, inlineLabel: LocalizedText? = nil,
                placeholder: LocalizedText? = nil, missingMessage: LocalizedText? = nil, body: LocalizedText? = nil,
                emptyText: LocalizedText? = nil, selectorTitle: LocalizedText? = nil) {
        self.label = label
        self.detail = detail
        self.inlineLabel = inlineLabel
        self.placeholder = placeholder
        self.missingMessage = missingMessage
        self.body = body
        self.emptyText = emptyText
        self.selectorTitle = selectorTitle
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

/// One choice of a choice field.
public struct Option: Hashable, Codable, Sendable {
    /// The value submitted (MM `value` attribute; may be a number in row schema/plists).
    public var value: Value
    public var label: LocalizedText?
    /// Image file of an image picker option (MM `<image value="v">file.png</image>`).
    public var image: String?
    public var extensions: Extensions
    @Uncompared public var location: SourceLocation?

    public init(value: Value, label: LocalizedText? = nil, image: String? = nil,
                extensions: Extensions = [:], location: SourceLocation? = nil) {
        self.value = value
        self.label = label
        self.image = image
        self.extensions = extensions
        self.location = location
    }
}

/// Options generated from an integer range, optionally ordered.
public struct OptionRange: Hashable, Codable, Sendable {
    public var lower: Int
    public var upper: Int
    /// `ascending` or `descending`, when the source says.
    public var order: String?
    public init(lower: Int, upper: Int, order: String? = nil) {
        self.lower = lower
        self.upper = upper
        self.order = order
    }
}
