import DocumentTree
import FormIR

/// The `i18n` member of `--to jsonforms`: per language tag, the keys JSON Forms asks its `translate`
/// function for (`<i18n>.label`, `<i18n>.description`, `<i18n>.<option title>`, `<i18n>.text`).
struct JSONFormsTranslations {
    let locales: WebLocales
    /// Per locale (in `locales.all` order), key → text in insertion order.
    private var tables: [String: [(String, String)]] = [:]

    init(locales: WebLocales) { self.locales = locales }

    /// `key` → the text of `text` in every locale it has.
    mutating func add(_ text: LocalizedText, key: String, suffix: String? = nil) {
        for locale in locales.all {
            guard let t = locales.text(text, in: locale) else { continue }
            tables[locale, default: []].append((key, suffix.map { "\(t) (\($0))" } ?? t))
        }
    }

    /// A control's label, description and option labels (options keyed by their untranslated title).
    mutating func addControl(_ field: Field, key: String, component: String?) {
        if let label = field.texts.label { add(label, key: "\(key).label", suffix: component) }
        guard component == nil else { return }
        if let detail = field.texts.detail { add(detail, key: "\(key).description") }
        for option in field.options {
            guard let label = option.label, let title = locales.baseText(label) else { continue }
            add(label, key: "\(key).\(title)")
        }
    }

    var node: Node {
        .object(locales.all.compactMap { l in
            tables[l].map { (WebLocales.tag(l), .object($0.map { ($0.0, .string($0.1)) })) }
        })
    }
}
