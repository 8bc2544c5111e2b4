/// What a target that writes one language loses of one node's texts (a field's label, placeholder,
/// option labels…; a section's title and footer; a page's or the form's title): the languages other
/// than the one it shows, and which of the node's texts have them. One `text.localization` loss per
/// node says it (`FeatureWalk`), not one per text.
struct LostTranslations {
    /// The locale whose text the target shows (`LocalizedText.text(for:)`): the `--locale` asked
    /// for, else the form's default; `nil` shows the text given without a language, else the first.
    let locale: String?
    /// The texts that lose a language, by role, in the order met ("label", "option labels").
    private(set) var roles: [String] = []
    /// The languages lost, in the order met.
    private(set) var lost: [String] = []
    /// The first translated text as the target shows it, with its language (`nil`: given without one).
    private(set) var shown: (role: String, locale: String?, text: String)?

    init(locale: String?) { self.locale = locale }

    /// `FieldTexts.all`'s roles in words.
    static let roleWords = ["inlineLabel": "inline label", "missingMessage": "missing-value message",
                            "emptyText": "empty text", "selectorTitle": "selector title", "body": "text"]

    /// Whether no text of the node loses a language.
    var isEmpty: Bool { roles.isEmpty }

    /// Notes `text` of `role` when it has more than one entry (a text in one language is carried as it
    /// is; `FormDiff` sees no translation removed).
    mutating func add(_ role: String, _ text: LocalizedText?) {
        guard let text, text.entries.count > 1 else { return }
        let kept = keptEntry(of: text)
        var any = false
        for e in text.entries.indices where e != kept {
            guard let l = text.entries[e].locale else { continue }
            any = true
            if !lost.contains(l) { lost.append(l) }
        }
        guard any else { return }
        if !roles.contains(role) { roles.append(role) }
        if shown == nil { shown = (role, text.entries[kept].locale, text.entries[kept].text) }
    }

    /// The entry `text(for: locale)` picks.
    private func keptEntry(of text: LocalizedText) -> Int {
        if let locale, let i = text.entries.firstIndex(where: { $0.locale?.lowercased() == locale.lowercased() }) { return i }
        return text.entries.firstIndex(where: { $0.locale == nil }) ?? 0
    }

    /// The loss's words for the node `owner` (`'city'`, `group 'address'`, `the form`): `the fr and de
    /// translations of the label and option labels of 'city'; every language shows the en texts (label "City")`.
    /// Written where the loss's message is, piece by piece.
    func detail(of owner: Words) -> Detail { Detail(lost: self, owner: owner) }

    /// `detail(of:)`'s words, unwritten.
    struct Detail: UseWords {
        let lost: LostTranslations
        let owner: Words
        /// The shown text as the words quote it (`String.excerpt(limit: 40)`).
        let quoted: String?

        init(lost: LostTranslations, owner: Words) {
            self.lost = lost
            self.owner = owner
            quoted = lost.shown?.text.excerpt(limit: 40)
        }

        /// The lists, the owner and the quote, with room for the words around them.
        var utf8Count: Int {
            var n = 80 + owner.utf8Count + (quoted?.utf8.count ?? 0)
            for l in lost.lost { n += l.utf8.count + 5 }
            for r in lost.roles { n += r.utf8.count + 5 }
            return n
        }

        func write(to words: inout String) {
            LostTranslations.append(lost.lost, to: &words)
            words += lost.lost.count == 1 ? " translation of the " : " translations of the "
            LostTranslations.append(lost.roles, to: &words)
            words += " of "
            owner.write(to: &words)
            if let shown = lost.shown, let quoted {
                words += "; every language shows the "
                if let locale = shown.locale {
                    words += locale
                    words += lost.roles.count == 1 ? " text" : " texts"
                } else {
                    words += lost.roles.count == 1 ? "text given without a language" : "texts given without a language"
                }
                words += " ("
                words += shown.role
                words += " \""
                words += quoted
                words += "\")"
            }
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        var s = ""
        append(items, to: &s)
        return s
    }

    /// Appends `list(items)` to `s`.
    static func append(_ items: [String], to s: inout String) {
        for i in items.indices {
            if i > 0 { s += i == items.count - 1 ? " and " : ", " }
            s += items[i]
        }
    }
}
