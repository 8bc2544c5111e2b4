/// One input or display element of a form.
///
/// A copy-on-write value: the properties live in one shared box, so copying a `Field` (every `for`
/// loop over a section's fields does) costs one reference count, not one per string and array it holds.
/// Equality, hashing and the IR JSON encoding are those of the stored properties (`Field.Values`).
public struct Field: Hashable, Codable, Sendable {
    private var box: CopyOnWriteBox<Values>

    /// The values in the box (valid only within one accessor).
    private var values: UnsafeMutablePointer<Values> { box.pointer }

    /// The values in the box, for walks in this module that read many of them (`FeatureWalk`): reading
    /// `texts` or `validation` through its accessor copied the whole part. Valid while the field is.
    var storedValues: UnsafePointer<Values> { UnsafePointer(box.pointer) }

    /// The out-of-line parts where the field keeps them (the kept default for a part at its default),
    /// for walks in this module that read several members: `layout`, `style` and `submission` copied
    /// the whole part, retaining each string in it. Valid while the field is; never write through them.
    var storedLayout: UnsafePointer<Layout> { Values.layout(box.pointer) }
    var storedStyle: UnsafePointer<Style> { Values.style(box.pointer) }
    var storedSubmission: UnsafePointer<Submission> { Values.submission(box.pointer) }

    /// Stable id, unique in the form: MM XML `name`, row `id`/`tag`, XLForm `tag`, RMSForm key path,
    /// ShinobiForms `name`.
    public var id: String {
        _read { yield values.pointee.id }
        _modify { makeUnique(); yield &values.pointee.id }
    }
    public var kind: FieldKind {
        _read { yield values.pointee.kind }
        _modify { makeUnique(); yield &values.pointee.kind }
    }
    public var presentation: Presentation? {
        _read { yield values.pointee.presentation }
        _modify { makeUnique(); yield &values.pointee.presentation }
    }
    public var texts: FieldTexts {
        _read { yield values.pointee.texts }
        _modify { makeUnique(); yield &values.pointee.texts }
    }
    public var options: [Option] {
        _read { yield values.pointee.options }
        _modify { makeUnique(); yield &values.pointee.options }
    }
    /// Options generated from a range (MM XML valuePicker `<options>10-15</options>`).
    public var optionRange: OptionRange? {
        _read { yield values.pointee.optionRange }
        _modify { makeUnique(); yield &values.pointee.optionRange }
    }
    /// `true` when several options may be selected at once (radioControl `multiple`, multipleSelector).
    public var allowsMultiple: Bool {
        _read { yield values.pointee.allowsMultiple }
        _modify { makeUnique(); yield &values.pointee.allowsMultiple }
    }
    public var defaultValue: Value? {
        _read { yield values.pointee.defaultValue }
        _modify { makeUnique(); yield &values.pointee.defaultValue }
    }
    public var validation: Validation {
        _read { yield values.pointee.validation }
        _modify { makeUnique(); yield &values.pointee.validation }
    }
    public var isHidden: Bool {
        _read { yield values.pointee.isHidden }
        _modify { makeUnique(); yield &values.pointee.isHidden }
    }
    /// `true` when the user cannot change the value (MM `editable="NO"`, row `disabled: true`).
    public var isDisabled: Bool {
        _read { yield values.pointee.isDisabled }
        _modify { makeUnique(); yield &values.pointee.isDisabled }
    }
    public var layout: Layout {
        _read { yield values.pointee.layout }
        _modify { makeUnique(); yield &values.pointee.layout }
    }
    public var style: Style {
        _read { yield values.pointee.style }
        _modify { makeUnique(); yield &values.pointee.style }
    }
    public var formatting: Formatting {
        _read { yield values.pointee.formatting }
        _modify { makeUnique(); yield &values.pointee.formatting }
    }
    public var actions: [Action] {
        _read { yield values.pointee.actions }
        _modify { makeUnique(); yield &values.pointee.actions }
    }
    public var submission: Submission {
        _read { yield values.pointee.submission }
        _modify { makeUnique(); yield &values.pointee.submission }
    }
    public var extensions: Extensions {
        _read { yield values.pointee.extensions }
        _modify { makeUnique(); yield &values.pointee.extensions }
    }
    /// Where the field starts in its source; not part of equality.
    public var location: SourceLocation? {
        _read { yield values.pointee.location }
        _modify { makeUnique(); yield &values.pointee.location }
    }

    public init(id: String, kind: FieldKind, presentation: Presentation? = nil, texts: FieldTexts = FieldTexts(),
                options: [Option] = [], optionRange: OptionRange? = nil, allowsMultiple: Bool = false,
                defaultValue: Value? = nil, validation: Validation = Validation(), isHidden: Bool = false,
                isDisabled: Bool = false, layout: Layout = Layout(), style: Style = Style(),
                formatting: Formatting = Formatting(), actions: [Action] = [], submission: Submission = Submission(),
                extensions: Extensions = [:], location: SourceLocation? = nil) {
        box = CopyOnWriteBox(Values(id: id, kind: kind, presentation: presentation, texts: texts, options: options,
                         optionRange: optionRange, validation: validation, layout: layout, style: style,
                         formatting: formatting, actions: actions, submission: submission, extensions: extensions,
                         location: location, defaultValue: defaultValue, allowsMultiple: allowsMultiple,
                         isHidden: isHidden, isDisabled: isDisabled))
    }

    public init(from decoder: Decoder) throws { box = CopyOnWriteBox(try Values(from: decoder)) }
    public func encode(to encoder: Encoder) throws { try values.pointee.encode(to: encoder) }

    public static func == (a: Field, b: Field) -> Bool { a.box == b.box }
    public func hash(into hasher: inout Hasher) { values.pointee.hash(into: &hasher) }

    private mutating func makeUnique() { box.makeUnique() }

    /// The stored properties of a field (the IR JSON sorts their keys). The flags and the default value
    /// come last, where nothing after them needs padding: 340 bytes, a 368-byte heap block with the box
    /// header, where the order of `Field.init` took 360 and a 384-byte block.
    struct Values: Hashable, Codable, Sendable {
        var id: String
        var kind: FieldKind
        var presentation: Presentation?
        var texts: FieldTexts
        var options: [Option]
        var optionRange: OptionRange?
        var validation: Validation
        @Boxed var layout: Layout
        @Boxed var style: Style
        @Boxed var formatting: Formatting
        var actions: [Action]
        @Boxed var submission: Submission
        var extensions: Extensions
        @Uncompared var location: SourceLocation?
        var defaultValue: Value?
        var allowsMultiple: Bool
        var isHidden: Bool
        var isDisabled: Bool

        static let textsOffset = MemoryLayout<Values>.offset(of: \Values.texts)!
        static let validationOffset = MemoryLayout<Values>.offset(of: \Values.validation)!

        static func layout(_ v: UnsafeMutablePointer<Values>) -> UnsafePointer<Layout> { v.pointee._layout.pointer }
        static func style(_ v: UnsafeMutablePointer<Values>) -> UnsafePointer<Style> { v.pointee._style.pointer }
        static func submission(_ v: UnsafeMutablePointer<Values>) -> UnsafePointer<Submission> { v.pointee._submission.pointer }

        /// Read through the pointer: a property of `values.pointee` would copy every member first.
        static func partsAtDefault(_ v: UnsafeMutablePointer<Values>) -> Field.DefaultParts {
            Field.DefaultParts(layout: v.pointee._layout.isDefault, style: v.pointee._style.isDefault,
                               formatting: v.pointee._formatting.isDefault, submission: v.pointee._submission.isDefault)
        }
    }

    /// Which of the out-of-line parts are at their default (`Layout()`, `Style()`, …).
    public struct DefaultParts: Sendable {
        public var layout, style, formatting, submission: Bool
    }

    /// Calls `body` with pointers to the field's texts and validation where the field keeps them: a
    /// writer that reads many of their members avoids the copy of the whole part each read through
    /// `texts` or `validation` makes. The pointers are valid only during `body`; never write through them.
    public func withUnsafeTextsAndValidation<R>(
        _ body: (UnsafePointer<FieldTexts>, UnsafePointer<Validation>) throws -> R
    ) rethrows -> R {
        // The members' addresses, computed from their offsets: `withUnsafeMutablePointer(to: &…)` would be
        // a write access, which races (for ThreadSanitizer) with the loss report reading the same field
        // on the other thread.
        let base = UnsafeRawPointer(values)
        return try body((base + Values.textsOffset).assumingMemoryBound(to: FieldTexts.self),
                        (base + Values.validationOffset).assumingMemoryBound(to: Validation.self))
    }

    /// Which parts are at their default: for most fields four `nil` tests, so a writer can skip
    /// a part without reading it (each read of a part through `layout`, `style`, … copies the part).
    public var partsAtDefault: DefaultParts { Values.partsAtDefault(values) }
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
///
/// Kept in a copy-on-write box, one reference wide: few fields have a range, and the inline numbers
/// and order (32 bytes) were in every field. Equality, hashing and coding are those of `lower`, `upper`
/// and `order`, in that order.
public struct OptionRange: Hashable, Codable, Sendable {
    /// Inlinable, as are the getters: emitters read the range of every field that has one.
    @usableFromInline var storage: Storage

    /// Shared by copies; a write to a shared one makes a new one first, so sharing between threads is safe.
    @usableFromInline final class Storage: @unchecked Sendable {
        // Written only while uniquely referenced (`makeUnique`): no run-time exclusivity check needed.
        @exclusivity(unchecked) @usableFromInline var lower: Int
        @exclusivity(unchecked) @usableFromInline var upper: Int
        @exclusivity(unchecked) @usableFromInline var order: String?
        init(lower: Int, upper: Int, order: String?) {
            self.lower = lower
            self.upper = upper
            self.order = order
        }
    }

    /// The storage, this value's own: call before every write.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(lower: lower, upper: upper, order: order) }
    }

    public var lower: Int {
        @inlinable get { storage.lower }
        set { makeUnique(); storage.lower = newValue }
    }
    public var upper: Int {
        @inlinable get { storage.upper }
        set { makeUnique(); storage.upper = newValue }
    }
    /// `ascending` or `descending`, when the source says.
    public var order: String? {
        @inlinable get { storage.order }
        set { makeUnique(); storage.order = newValue }
    }

    public init(lower: Int, upper: Int, order: String? = nil) {
        storage = Storage(lower: lower, upper: upper, order: order)
    }

    public static func == (a: OptionRange, b: OptionRange) -> Bool {
        a.storage === b.storage || (a.lower == b.lower && a.upper == b.upper && a.order == b.order)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(lower)
        hasher.combine(upper)
        hasher.combine(order)
    }

    private enum CodingKeys: String, CodingKey { case lower, upper, order }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(lower: try c.decode(Int.self, forKey: .lower), upper: try c.decode(Int.self, forKey: .upper),
                  order: try c.decodeIfPresent(String.self, forKey: .order))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(lower, forKey: .lower)
        try c.encode(upper, forKey: .upper)
        try c.encodeIfPresent(order, forKey: .order)
    }
}
