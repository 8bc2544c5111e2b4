import FormIR

/// How an IR field kind and presentation become a row `type` and `style` (docs/row-schema.md).
struct RowSchemaKind {
    var type: String
    var style: String?
    var styleDisplay: String?
    var pushType = false
    /// Set when the row type only approximates the kind: the lost feature id and what was lost.
    var loss: (feature: String, message: String)?
    /// With `loss`: what the person filling the form sees instead, when the row type says it.
    var seen: String?

    static let textTypes: [FieldKind: String] = [
        .text: "text", .multiline: "textarea", .name: "name", .email: "email", .phone: "phone", .url: "url",
        .password: "password", .twitter: "twitter", .account: "account", .postalCode: "zipcode",
        .integer: "integer", .decimal: "decimal", .number: "decimal", .currency: "currency", .percent: "percent",
    ]
    static let dateStyles: [FieldKind: String] = [.date: "date", .time: "time", .dateTime: "datetime",
                                                  .countdown: "countdown"]
    static let dateDisplays: [Presentation: String] = [.popup: "popup", .inline: "inline", .picker: "picker"]
    static let optionStyles: [Presentation: String] = [
        .alert: "alert", .actionSheet: "action", .push: "push", .segmented: "segmented", .picker: "picker",
        .pickerInline: "picker.inline",
    ]
    /// Choice presentations the schema has no style for: the nearest style, and what the person
    /// filling the form sees instead (a `field.presentation` loss on the row).
    static let nearOptionStyles: [Presentation: (style: String, seen: String)] = [
        .dropDown: ("push", "a push row: tapping it opens the options on a screen of their own, not a drop-down list"),
        .radio: ("segmented", "segmented buttons side by side in one line, not a list of radio buttons"),
        .valuePicker: ("picker", "a picker wheel row, not the value picker"),
        .imagePicker: ("push", "a push row listing the options' texts, without their images"),
    ]
    static let direct: [FieldKind: String] = [
        .slider: "slider", .stepper: "stepper", .label: "label", .button: "button", .photo: "image",
        .location: "location", .webView: "webview", .custom("attachment"): "attachment",
        .custom("push.async"): "push.async",
    ]
    /// Kinds with no row type of their own: the closest row type.
    static let approximations: [FieldKind: String] = [
        .image: "label", .info: "label", .spacer: "label", .separator: "label", .signature: "image",
        .html: "webview", .address: "textarea", .bankDetails: "textarea", .expression: "label", .query: "text",
    ]

    /// Which of the tables above holds a kind, and its entry there: one lookup per row.
    private enum Family {
        case text(String), date(String), direct(String), approximation(String)
    }

    private static let families: [FieldKind: Family] = {
        var f: [FieldKind: Family] = [:]
        for (k, t) in approximations { f[k] = .approximation(t) }
        for (k, t) in direct { f[k] = .direct(t) }
        for (k, s) in dateStyles { f[k] = .date(s) }
        for (k, t) in textTypes { f[k] = .text(t) }
        return f
    }()

    /// The row type of `field`.
    static func of(_ field: Field) -> RowSchemaKind {
        let kind = field.kind
        let p = field.presentation
        let family = families[kind]
        if case .text(let t)? = family {
            var k = RowSchemaKind(type: t)
            if kind == .number { k.loss = ("kind.number", "a number field becomes a decimal row") }
            if let p { k.loss = k.loss ?? ("field.presentation", "presentation \(p.rawValue) of a \(t) row") }
            return k
        }
        if case .date(let s)? = family {
            var k = RowSchemaKind(type: "datetime", style: s)
            if let p {
                if let d = dateDisplays[p] { k.styleDisplay = d } else { k.loss = ("field.presentation", "date presentation \(p.rawValue)") }
            }
            return k
        }
        if kind == .boolean {
            return RowSchemaKind(type: p == .toggle ? "switch" : "check")
        }
        if kind.isChoice || field.allowsMultiple {
            if field.allowsMultiple || kind == .multipleChoice {
                var k = RowSchemaKind(type: "options", style: "picker.multiple")
                if let p, p != .push, p != .radio, p != .checkbox {
                    k.loss = ("field.presentation", "presentation \(p.rawValue) of a multiple choice")
                }
                return k
            }
            guard let p else { return RowSchemaKind(type: "options") }
            if let s = optionStyles[p] { return RowSchemaKind(type: "options", style: s) }
            if let near = nearOptionStyles[p] {
                return RowSchemaKind(type: "options", style: near.style,
                                     loss: ("field.presentation", "\(p.rawValue) presentation"), seen: near.seen)
            }
            return RowSchemaKind(type: "options", style: "push", loss: ("field.presentation", "option presentation \(p.rawValue)"))
        }
        if case .direct(let t)? = family {
            var k = RowSchemaKind(type: t)
            if kind == .button, p == .push { k.pushType = true }
            else if let p, kind != .label || p != .multilineLabel {
                k.loss = ("field.presentation", "presentation \(p.rawValue) of a \(t) row")
            }
            return k
        }
        if kind.isCustom, let t = field.extensions["rowschema.type"]?.stringValue { return RowSchemaKind(type: t) }
        if case .approximation(let t)? = family {
            return RowSchemaKind(type: t, loss: ("kind.\(kind.rawValue)", "\(kind.rawValue) field written as a row of type '\(t)'"))
        }
        return RowSchemaKind(type: "text", loss: ("kind.\(kind.rawValue)", "\(kind.rawValue) field written as a row of type 'text'"))
    }

    /// The row types already worked out, by kind, presentation and `allowsMultiple` (all that `of`
    /// reads, but for custom kinds, which are never kept), for one target. A form has a handful of
    /// combinations, so a list compared in place (bench/RESULTS.md, "Cost notes").
    struct Cache {
        /// A worked-out row type, handed out by reference: copying a `RowSchemaKind` retained and
        /// released each of its strings, every row.
        final class Entry {
            let kind: FieldKind
            let presentation: Presentation?
            let multiple: Bool
            let row: RowSchemaKind
            /// With `row.loss`: the loss's message but for the row's id, which goes between `head`
            /// and `tail`, made once for the kind and not for every row.
            let lossText: (head: String, tail: String)?
            init(kind: FieldKind, presentation: Presentation?, multiple: Bool, row: RowSchemaKind, target: String) {
                self.kind = kind
                self.presentation = presentation
                self.multiple = multiple
                self.row = row
                lossText = row.loss.map { loss in
                    ("\(target) cannot express the \(loss.message) ('", "')" + (row.seen.map { ": it is shown as \($0)" } ?? ""))
                }
            }

            /// The message of the `row.loss` of the row `id`.
            func lossMessage(id: String) -> String? {
                lossText.map { "\($0.head)\(id)\($0.tail)" }
            }
        }
        /// The target the loss messages name.
        let target: String
        private var entries: [Entry] = []

        init(target: String) { self.target = target }

        /// The row type of `field` (read from the entry's `row`).
        mutating func kind(of field: Field) -> Entry {
            let multiple = field.allowsMultiple
            let kind = field.kind, presentation = field.presentation
            if let found = entries.first(where: { $0.multiple == multiple && $0.kind == kind && $0.presentation == presentation }) {
                return found
            }
            let entry = Entry(kind: kind, presentation: presentation, multiple: multiple, row: RowSchemaKind.of(field),
                              target: target)
            if entries.count < 64, !kind.isCustom { entries.append(entry) }
            return entry
        }
    }
}
