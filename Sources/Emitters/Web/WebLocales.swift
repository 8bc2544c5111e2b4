import FormIR

/// Which language is the default of a web form and how the others are named: web libraries key
/// translations by lower-case BCP 47 tags (`fr-ca`), formconv's forms by `FR_CA` or `fr_CA`.
struct WebLocales {
    /// The form's default locale (or the one asked for), whose texts are the untranslated ones.
    let base: String?
    /// Every locale the form's texts name, in `Form.locales` order.
    let all: [String]

    init(form: Form, requested: String?) {
        self.init(base: form.defaultLocale ?? requested, all: form.locales)
    }

    private init(base: String?, all: [String]) {
        self.base = base
        self.all = all
    }

    /// The locales of the same form with `requested` asked for (`init(form:requested:)`), reusing `all`
    /// rather than walking every text of the form again.
    func requesting(_ requested: String?, in form: Form) -> WebLocales {
        WebLocales(base: form.defaultLocale ?? requested, all: all)
    }

    /// The language of the untranslated texts, when the form has translations and every translated
    /// text's untranslated entry names the same one: the default locale, else that shared locale.
    /// A SurveyJS survey shows this as its `locale`, so its `default` texts are read back in it.
    func shownLocale(of form: Form) -> String? {
        var found: Set<String> = []
        var translated = false
        func add(_ t: LocalizedText?) {
            guard let t, t.entries.count > 1 else { return }
            translated = true
            if let i = baseIndex(t) { found.insert(t.entries[i].locale?.lowercased() ?? "") }
        }
        add(form.title)
        for page in form.pages {
            add(page.title)
            for section in page.sections {
                add(section.title)
                add(section.footer)
                for field in section.fields {
                    for (_, text) in field.texts.all { add(text) }
                    for option in field.options { add(option.label) }
                }
            }
        }
        guard translated else { return nil }
        if let base { return found.allSatisfy({ $0 == base.lowercased() }) ? base : nil }
        guard found.count == 1, let only = found.first, !only.isEmpty else { return nil }
        return form.locales.first { $0.lowercased() == only }
    }

    /// `FR_CA` → `fr-ca`.
    static func tag(_ locale: String) -> String {
        locale.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// The entry of `t` that is the untranslated text: the default locale's, else the one without a
    /// locale, else the first.
    func baseIndex(_ t: LocalizedText) -> Int? {
        base.flatMap { l in t.entries.firstIndex { $0.locale?.lowercased() == l.lowercased() } }
            ?? t.entries.firstIndex { $0.locale == nil } ?? (t.entries.isEmpty ? nil : 0)
    }

    /// The text in the default locale.
    func baseText(_ t: LocalizedText) -> String? { baseIndex(t).map { t.entries[$0].text } }

    /// The translations of `t` besides its untranslated text, as (locale, text).
    func translations(_ t: LocalizedText) -> [(locale: String, text: String)] {
        let b = baseIndex(t)
        return t.entries.indices.compactMap { i in
            guard i != b, let l = t.entries[i].locale else { return nil }
            return (l, t.entries[i].text)
        }
    }

    /// The text in `locale`, only when the form gives one for it.
    func text(_ t: LocalizedText, in locale: String) -> String? {
        t.entries.first { $0.locale?.lowercased() == locale.lowercased() }?.text
    }
}
