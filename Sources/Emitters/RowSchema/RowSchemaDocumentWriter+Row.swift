import FormIR
import DocumentTree

/// One row object, keys in the order docs/row-schema.md gives.
extension RowSchemaDocumentWriter {
    /// Writes the row of `field`, at `place` (the field's, or a dynamic section's template row).
    /// `ordinal` is the field's place in the form (`RowSchemaStates`); `nil` for a template row, whose
    /// `hidden`/`disabled` are its own flags.
    mutating func row<Sink: DocumentSink>(_ field: Field, ordinal: Int?, place: FeaturePlace,
                                          into o: inout RowSchemaOutput<Sink>) {
        let unwritable = o.sink.unwritableNumbers.count
        row(field, field.validation, field.texts, ordinal: ordinal, place: place, into: &o)
        // The id is read before the autoclosure: one that names `field` captures the whole field (a
        // copy of each of its references for every row).
        let id = field.id
        reportUnwritableNumbers(since: unwritable, in: o, of: "row '\(id)'", at: field.location, place: place)
    }

    /// The NaNs and infinities the sink wrote as something else (JSON `null`) since it held `start` of
    /// them, while writing one object: one loss for the object. Callers take `start` before writing it.
    mutating func reportUnwritableNumbers<Sink: DocumentSink>(since start: Int, in out: RowSchemaOutput<Sink>,
                                                              of object: @autoclosure () -> String,
                                                              at location: SourceLocation?, place: FeaturePlace) {
        let all = out.sink.unwritableNumbers
        guard all.count > start else { return }
        let numbers = all[start...]
        let values = numbers.map { "\($0)" }.joined(separator: ", ")
        diagnostics.loss("value.non-finite", target: target,
                         "\(target) cannot hold \(values); \(numbers.count == 1 ? "the value" : "these values") of \(object()) \(numbers.count == 1 ? "is" : "are") written as null",
                         at: location, place: place, in: nil)
    }

    private mutating func row<Sink: DocumentSink>(_ field: Field, _ validation: Validation,
                                                  _ texts: FieldTexts,
                                                  ordinal: Int?, place: FeaturePlace,
                                                  into o: inout RowSchemaOutput<Sink>) {
        let extensions = !field.extensions.isEmpty
        o.beginObject(keepingKeys: extensions)
        let kind = kinds.kind(of: field)
        let type = kind.row.type == "text" && validation.named.contains(.email) ? "email" : kind.row.type
        if let loss = kind.row.loss, let message = kind.lossMessage(id: field.id) {
            diagnostics.loss(loss.feature, target: target, message, at: field.location, place: place, in: nil)
        }
        SubmissionShapeLosses.reportBitmask(field, target: target, site: .place(place), into: &diagnostics)
        SubmissionShapeLosses.reportAddressParts(field, holder: "a row-schema row", name: field.id, idPrefix: "rowschema",
                                                 site: .place(place), into: &diagnostics)
        o.set("type", type)
        o.set("id", field.id)
        o.set("title", title(field, texts, place: place))
        o.set("style", kind.row.style)
        o.set("style.display", kind.row.styleDisplay)
        if let ordinal {
            state("hidden", states.hidden(ordinal), into: &o)
            state("disabled", states.disabled(ordinal), into: &o)
        } else {
            if field.isHidden { o.set("hidden", true) }
            // Rows inserted into a dynamic section of a read-only form are read-only too.
            if field.isDisabled || form.isDisabled { o.set("disabled", true) }
        }
        if validation.required { o.set("required", true) }
        o.set("placeholder", text(texts.placeholder))
        o.set("empty_text", text(texts.emptyText))
        if !options(field, isOptionsRow: type == "options", into: &o, place: place), let r = field.optionRange {
            diagnostics.loss(Feature.optionRange.rawValue, target: target,
                             "\(target) cannot list the option range \(r.lower)-\(r.upper) of '\(field.id)' (too many values)",
                             at: field.location, place: place, in: nil)
        }
        o.set("title.selector", text(texts.selectorTitle))
        bounds(field, validation, into: &o, place: place)
        // Read only when set (`$part.isSet` tests the side allocation, no comparison, no copy): an
        // empty formatting or style writes no key.
        if field.$formatting.isSet { formatting(field.formatting, into: &o) }
        rules(field, validation, isEmailRow: type == "email", into: &o, place: place)
        if kind.row.pushType { o.set("button.pushtype", true) }
        if field.$style.isSet { colors(field, field.style, into: &o, place: place) }
        if let v = field.defaultValue { o.set("x-formconv-value", value: v) }
        if extensions { self.extensions(field.extensions, into: &o, place: place, location: field.location) }
        o.endObject()
    }

    /// The row's `title`: its label, else (on a label row) its body text, which the row shows in
    /// the title's place. A row has one text: a body beside a title is lost, and reported.
    private mutating func title(_ field: Field, _ texts: FieldTexts, place: FeaturePlace) -> String? {
        let label = text(texts.label)
        guard let body = text(texts.body) else { return label }
        if label == nil, field.kind == .label || field.kind == .info { return body }
        diagnostics.loss(Feature.bodyText.rawValue, target: target,
                         "the text \"\(body.excerpt())\" is not shown: a \(target) row shows only its title" + (label.map { " (\"\($0.excerpt())\")" } ?? ""),
                         at: field.location, place: place, in: nil)
        return label
    }

    private func state<Sink: DocumentSink>(_ key: StaticString, _ s: RowSchemaStates.State?, into o: inout RowSchemaOutput<Sink>) {
        switch s {
        case nil: return
        case .always: o.set(key, true)
        case .predicate(let p): o.set(key, p)
        }
    }

    /// `options` (every options row has the array, possibly empty: the schema requires it), with a
    /// generated range (MM valuePicker `1900-2010`) listed value by value. The schema's option values
    /// are unique strings: other values are written as their text, and a value already listed is
    /// dropped, each reported. Returns `false` when a range was too large to list.
    private mutating func options<Sink: DocumentSink>(_ field: Field, isOptionsRow: Bool, into o: inout RowSchemaOutput<Sink>,
                                                      place: FeaturePlace) -> Bool {
        let range = field.optionRange?.listedValues
        let listed = range != nil || field.optionRange == nil
        let options = field.options
        guard !options.isEmpty || range != nil || isOptionsRow else { return listed }
        optionValues.removeAll(keepingCapacity: true)
        optionKeys.removeAll(keepingCapacity: true)
        var typed = 0, firstTyped = ""
        var repeatedOption = false
        o.key("options")
        o.beginArray()
        func list(_ value: Value, key: String) -> Bool {
            guard optionValues.insert(key).inserted else {
                diagnostics.loss(Feature.options.rawValue, target: target,
                                 "\(target) option values are unique: the repeated value '\(key)' of '\(field.id)' is listed once",
                                 at: field.location, place: place, in: nil)
                return false
            }
            if case .string = value {} else {
                if typed == 0 { firstTyped = key }
                typed += 1
            }
            o.string(key)
            return true
        }
        for i in options.indices {
            let key = options[i].value.displayText
            optionKeys.append(key)
            if !list(options[i].value, key: key) { repeatedOption = true }
        }
        for v in range ?? [] { _ = list(.int(v), key: String(v)) }
        o.endArray()
        if typed > 0 {
            diagnostics.loss(Feature.options.rawValue, target: target,
                             "\(target) option values are strings: \(typed == 1 ? "the value" : "\(typed) values, such as") \(firstTyped) of '\(field.id)', written as text",
                             at: field.location, place: place, in: nil)
        }
        displayedLabels(options, keys: optionKeys, repeatedValues: repeatedOption, into: &o)
        return listed
    }

    /// `options.display`: each option's label where it is not its value (`keys`, the options' values
    /// as listed). Values are unique unless `repeatedValues`: then a later label of a value replaces
    /// the earlier one, in its place.
    private func displayedLabels<Sink: DocumentSink>(_ options: [Option], keys: [String], repeatedValues: Bool,
                                                     into o: inout RowSchemaOutput<Sink>) {
        var opened = false
        func entry(_ key: String, _ label: String) {
            if !opened {
                o.key("options.display")
                o.beginObject(keepingKeys: false)
                opened = true
            }
            o.set(named: key, label)
        }
        if repeatedValues {
            var display: [(key: String, label: String)] = []
            for i in options.indices {
                guard let label = text(options[i].label) else { continue }
                let key = keys[i]
                guard label != key else { continue }
                if let k = display.firstIndex(where: { $0.key == key }) { display[k].label = label } else { display.append((key, label)) }
            }
            for (key, label) in display { entry(key, label) }
        } else {
            for i in options.indices {
                guard let label = text(options[i].label) else { continue }
                if label != keys[i] { entry(keys[i], label) }
            }
        }
        if opened { o.endObject() }
    }

    private func formatting<Sink: DocumentSink>(_ formatting: Formatting, into o: inout RowSchemaOutput<Sink>) {
        o.set("value.stepper.steps", number: formatting.step)
        o.set("value.stepper.type", formatting.stepType)
        o.set("minute_interval", int: formatting.minuteInterval)
        o.set("date.format", formatting.dateFormat)
        o.set("date.calendar", formatting.calendar)
        o.set("date.timezone", formatting.timeZone)
        o.set("date.locale", formatting.locale)
        o.set("currency.style", formatting.currencyStyle)
        o.set("currency.locale", formatting.currencyLocale)
        if !formatting.formatters.isEmpty {
            o.key("formatter")
            o.beginArray()
            for dict in formatting.formatters {
                o.beginObject(keepingKeys: false)
                if let t = dict["type"] { o.set("type", value: t) }
                for key in dict.keys.sorted() where key != "type" { o.set(named: key, value: dict[key]!) }
                o.endObject()
            }
            o.endArray()
        }
    }

    /// Row keys of the platform colors the schema has.
    private static let platformColorKeys: [String: StaticString] = [
        "ios.backgroundColor": "color.background.ios", "ios.textColor": "color.text.ios",
        "ios.detailTextColor": "color.text.detail.ios", "ios.placeholderColor": "color.placeholder.ios",
    ]

    private mutating func colors<Sink: DocumentSink>(_ field: Field, _ style: Style,
                                                     into o: inout RowSchemaOutput<Sink>, place: FeaturePlace) {
        // The schema's colours are hex strings (`#FFFFFF`): names are mapped (and said, once per
        // field: they read back as hex), the rest reported.
        var mapped: [String] = []
        func color(_ key: StaticString, _ value: String?) {
            guard let value else { return }
            if let c = Color(value), c.alpha == 255 {
                let hex = c.hex
                if value != hex { mapped.append("\(value) (\(key)) as \(hex)") }
                o.set(key, hex)
                return
            }
            diagnostics.loss(Feature.colors.rawValue, target: target,
                             "\(target) colours are #RRGGBB: '\(value)' (\(key) of '\(field.id)') has no such form",
                             at: field.location, place: place, in: nil)
        }
        color("color.background", style.backgroundColor)
        color("color.text", style.textColor)
        color("color.text.detail", style.detailTextColor)
        color("color.placeholder", style.placeholderColor)
        let platformColors = style.platformColors
        for k in platformColors.keys.sorted() {
            if let key = Self.platformColorKeys[k] { color(key, platformColors[k]) } else {
                diagnostics.loss(Feature.colors.rawValue, target: target,
                                 "\(target) has no key for the color '\(k)' of '\(field.id)'", at: field.location, place: place, in: nil)
            }
        }
        if !mapped.isEmpty {
            diagnostics.note("rowschema.color-as-hex",
                             "'\(field.id)': \(target) colours are #RRGGBB: the colour \(mapped.joined(separator: ", ")) is written in that form (the same colour)",
                             at: field.location, path: place.path)
        }
    }
}
