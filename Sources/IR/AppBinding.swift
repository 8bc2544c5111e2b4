/// What the app supplies at run time in place of a part of a field or section: RMSForm `:name`
/// substitutions (`choices: ":genders"`, `labelText: ":saveLabel"`, `enabled: ":canEdit"`) and the app's
/// own cell class drawing a row (XLForm `cellClass`). The form only names them; the running app gives
/// the options, the text, the state or the drawing. Formats that cannot ask the app report each use as a
/// loss with its own feature (`app.options`, `app.label`, `app.enabled`, `app.property`,
/// `app.cell-class`), saying what the person sees instead.
public struct AppBinding: Hashable, Codable, Sendable {
    /// The substitution giving the options of a choice (`:genders`), written as in the source.
    public var options: String?
    /// The substitution giving the label or section header (`:saveLabel`).
    public var label: String?
    /// The substitution deciding whether the field or section can be used (`:canEdit`).
    public var enabled: String?
    /// Other properties the app supplies, by the format's key (`backgroundColor` → `:redColor`).
    public var properties: [String: String]
    /// The app's own class that draws the row (XLForm `cellClass`, an Objective-C or Swift class name).
    public var cellClass: String?

    /// A binding; every part left out is `nil` or empty.
    public init(options: String? = nil, label: String? = nil, enabled: String? = nil,
                properties: [String: String] = [:], cellClass: String? = nil) {
        self.options = options
        self.label = label
        self.enabled = enabled
        self.properties = properties
        self.cellClass = cellClass
    }

    /// Whether nothing is supplied by the app.
    public var isEmpty: Bool {
        options == nil && label == nil && enabled == nil && properties.isEmpty && cellClass == nil
    }

    /// Whether `text` is an RMSForm substitution reference (`:name`).
    public static func isSubstitution(_ text: String) -> Bool { text.hasPrefix(":") && text.count > 1 }

    /// Each part in a fixed order, with what the app decides, in words (`the options come from the app
    /// at run time (:genders)`).
    public var uses: [(feature: Feature, what: String)] {
        var out: [(Feature, String)] = []
        if let s = options { out.append((.appOptions, "the options come from the app at run time (\(s))")) }
        if let s = label { out.append((.appLabel, "the label comes from the app at run time (\(s))")) }
        if let s = enabled { out.append((.appEnabled, "whether it can be used is decided by the app at run time (\(s))")) }
        for key in properties.keys.sorted() {
            out.append((.appProperty, "its \(key) comes from the app at run time (\(properties[key]!))"))
        }
        if let c = cellClass { out.append((.appCellClass, "the app draws it with its own class \(c)")) }
        return out
    }

    /// What a `target` that cannot ask the app shows instead, for an `app.*` feature; `nil` for others.
    public static func instead(_ feature: Feature, target: String) -> String? {
        switch feature {
        case .appOptions where ["json-schema", "jsonforms", "rjsf"].contains(target): "\(target) writes a free text answer"
        case .appOptions: "\(target) writes the choice with no options to pick from"
        case .appLabel: "\(target) shows it without that label"
        case .appEnabled: "\(target) always lets the person use it"
        case .appProperty: "\(target) leaves it as it is by default"
        case .appCellClass: "\(target) draws it the ordinary way"
        default: nil
        }
    }
}

extension KeyedDecodingContainer {
    /// An absent `AppBinding` decodes as an empty one, so documents coded before it existed (IR version
    /// 1) still decode; the synthesized `Field` and `Section` decoders pick this overload.
    public func decode(_ type: AppBinding.Type, forKey key: Key) throws -> AppBinding {
        try decodeIfPresent(type, forKey: key) ?? AppBinding()
    }
}
