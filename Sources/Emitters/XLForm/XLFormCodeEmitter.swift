import FormIR

/// Generates the code that builds the form with XLForm (`xlform-swift`, `xlform-objc`), in the style of
/// XLForm's README: an `XLFormViewController` subclass whose `initializeForm` creates the
/// `XLFormDescriptor`, its sections and rows (types, titles, values, options, required, validators,
/// hidden/disabled predicates, cell configuration, actions). It uses only API declared in XLForm's
/// public headers, with the names Swift imports them under. The class is named by `typeName`,
/// else after the input file (`event.xlform.json` → `EventFormViewController`).
public struct XLFormCodeEmitter: FormEmitter {
    /// The language of the generated class: Swift or Objective-C.
    public enum Language: String, Sendable { case swift, objc }
    /// The language generated.
    public var language: Language
    /// The generated class's name; derived from the input file's name when `nil`.
    public var typeName: String?
    /// An emitter generating `language`, the class named `typeName` or after the input file.
    public init(language: Language, typeName: String? = nil) {
        self.language = language
        self.typeName = typeName
    }

    /// The target id losses name: `xlform-swift` or `xlform-objc`.
    public var formatID: String { language == .swift ? "xlform-swift" : "xlform-objc" }
    /// The IR features this output holds; `LossCheck` reports the others as losses.
    public var supportedFeatures: Set<Feature> { XLFormProjection.supportedFeatures }

    /// Writes `form` as XLForm descriptor source code (Swift or Objective-C, by `language`); what it cannot
    /// hold is reported as losses in `diagnostics`.
    public func emit<Sink: OutputSink>(_ form: Form, options: EmitOptions, into sink: inout Sink,
                                       diagnostics: inout Diagnostics) throws {
        var projection = XLFormProjection(target: formatID, locale: options.locale)
        let model = projection.project(form)
        diagnostics.append(contentsOf: projection.diagnostics.items)
        let name = Self.typeName(explicit: typeName, source: options.sourceName)
        var writer = XLFormCodeWriter(language: language, target: formatID)
        reportUnreadableDates(model, into: &diagnostics)
        let text = writer.write(model, className: name, source: options.sourceName)
        sink.write(Array(text.utf8))
    }

    /// A date the generator cannot turn into seconds since 1970 is written as its text: say so.
    private func reportUnreadableDates(_ model: XLFormModel, into diagnostics: inout Diagnostics) {
        func dates(_ v: Value) -> [String] {
            switch v {
            case .date(let s): XLFormCodeWriter.epochSeconds(s) == nil ? [s] : []
            case .array(let items): items.flatMap(dates)
            case .object(let o): o.values.flatMap(dates)
            default: []
            }
        }
        for row in model.sections.flatMap({ $0.rows + ($0.template.map { [$0] } ?? []) }) {
            var values = row.selectorOptions.map(\.value) + row.cellConfigs.flatMap { $0.entries.map(\.value) }
            switch row.value {
            case .plain(let v)?: values.append(v)
            case .option(let o)?: values.append(o.value)
            case .options(let os)?: values += os.map(\.value)
            case nil: break
            }
            for text in values.flatMap(dates).sorted() {
                diagnostics.warning("xlform.code-value", "the date '\(text)' is not ISO 8601; \(formatID) writes it as a string",
                                    at: row.location)
            }
        }
    }

    /// The generated class name: `explicit` made a valid identifier, else one derived from the source
    /// file (`event.xlform.json` → `EventFormViewController`), else `GeneratedFormViewController`.
    public static func typeName(explicit: String?, source: String?) -> String {
        if let explicit, !explicit.isEmpty {
            var s = String(explicit.unicodeScalars.map { isIdentifierScalar($0) ? Character($0) : "_" })
            if let f = s.unicodeScalars.first, ("0"..."9").contains(f) { s = "_" + s }
            return reserved.contains(s) ? s + "_" : s
        }
        var base = source.map { String($0.split(separator: "/").last ?? "") } ?? ""
        if let dot = base.firstIndex(of: ".") { base = String(base[..<dot]) }
        let words = base.unicodeScalars.split { !isIdentifierScalar($0) || $0 == "_" }.map { String(String.UnicodeScalarView($0)) }
        var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.isEmpty { name = "Generated" }
        if let f = name.unicodeScalars.first, ("0"..."9").contains(f) { name = "Form" + name }
        return name.hasSuffix("ViewController") ? name : name + "FormViewController"
    }

    /// Why `name` cannot name the generated class, or `nil` when it can: it must be an ASCII identifier
    /// that is no keyword of Swift or Objective-C and no class the generated code uses (XLForm's own
    /// `XLForm…` classes, `UIViewController`, `NSObject`): `class XLFormViewController: XLFormViewController`
    /// does not compile.
    public static func typeNameProblem(_ name: String) -> String? {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.allSatisfy(isIdentifierScalar),
              !("0"..."9").contains(first) else {
            return "'\(name.excerpt())' is not an identifier: use letters, digits and '_', not starting with a digit"
        }
        if reserved.contains(name) { return "'\(name)' is a keyword of Swift or Objective-C" }
        if name.hasPrefix("XLForm") || ["UIViewController", "NSObject", "UIView", "NSString", "NSDate"].contains(name) {
            return "'\(name)' is a class of XLForm or UIKit that the generated code uses; the generated class would clash with it"
        }
        return nil
    }

    private static func isIdentifierScalar(_ s: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "_"
    }

    /// Words that cannot name a class in Swift or Objective-C.
    private static let reserved: Set<String> = [
        "class", "struct", "enum", "protocol", "extension", "func", "var", "let", "init", "self", "Self", "super",
        "return", "if", "else", "for", "while", "do", "switch", "case", "default", "import", "static", "in", "is",
        "as", "nil", "true", "false", "Any", "Type", "id", "int", "char", "void", "long", "short", "float", "double",
        "signed", "unsigned", "const", "typedef", "union", "goto", "break", "continue", "sizeof", "inline", "auto",
        "register", "extern", "volatile", "restrict", "YES", "NO", "BOOL", "SEL", "IMP", "Class",
    ]
}
