import DocumentTree
import FormIR

/// The `i18n` member of `--to jsonforms`: per language tag, the keys JSON Forms asks its `translate`
/// function for (`<i18n>.label`, `<i18n>.description`, `<i18n>.<option title>`, `<i18n>.text`,
/// `<i18n>.error.required` and `<i18n>.error.pattern`).
struct JSONFormsTranslations {
    let locales: WebLocales
    /// Per locale (in `locales.all` order), key → text in insertion order.
    private var tables: [String: [(String, String)]] = [:]
    /// Untranslated messages of a language no text of the form names.
    private var extra: [String: [(String, String)]] = [:]

    init(locales: WebLocales) { self.locales = locales }

    /// `key` → the text of `text` in every locale it has.
    mutating func add(_ text: LocalizedText, key: String, suffix: String? = nil) {
        for locale in locales.all {
            guard let t = locales.text(text, in: locale) else { continue }
            tables[locale, default: []].append((key, suffix.map { "\(t) (\($0))" } ?? t))
        }
    }

    /// A message JSON Forms shows instead of its own (`<i18n>.error.<keyword>`): the untranslated text
    /// goes under the default language's tag (`default` when the form names none), so the app's
    /// `translate` finds it too.
    mutating func addMessage(_ text: LocalizedText, key: String) {
        if let b = locales.baseIndex(text), text.entries[b].locale == nil {
            let untranslated = (key, text.entries[b].text)
            if let l = locales.base.flatMap({ l in locales.all.first { $0.lowercased() == l.lowercased() } }) {
                tables[l, default: []].append(untranslated)
            } else {
                extra[locales.base ?? "default", default: []].append(untranslated)
            }
        }
        add(text, key: key)
    }

    /// A control's label, description and option labels (options keyed by their untranslated title).
    mutating func addControl(_ field: Field, title: LocalizedText?, key: String, component: String?) {
        if let title { add(title, key: "\(key).label", suffix: component) }
        guard component == nil else { return }
        if let detail = field.texts.detail { add(detail, key: "\(key).description") }
        if let missing = field.texts.missingMessage { addMessage(missing, key: "\(key).error.required") }
        if let pattern = field.validation.patterns.compactMap(\.message).first {
            addMessage(pattern, key: "\(key).error.pattern")
        }
        for option in field.options {
            guard let label = option.label, let title = locales.baseText(label) else { continue }
            add(label, key: "\(key).\(title)")
        }
    }

    var node: Node {
        let languages = locales.all.compactMap { l in tables[l].map { (l, $0) } } + extra.keys.sorted().map { ($0, extra[$0]!) }
        return .object(languages.map { l, table in (WebLocales.tag(l), .object(table.map { ($0.0, .string($0.1)) })) })
    }
}
