/// What a target that writes one language loses of one node's texts (a field's label, placeholder,
/// option labels…; a section's title and footer; a page's or the form's title): the languages other
/// than the one it shows, and which of the node's texts have them. One `text.localization` loss per
/// node says it (`FeatureWalk`), not one per text.
///
/// A walk keeps one value and `reset`s it for each node: the list of languages keeps its room, the
/// texts' roles are bits, and nothing is written until a loss is (`Detail`).
struct LostTranslations: Sendable {
    /// The locale whose text the target shows (`LocalizedText.text(for:)`): the `--locale` asked
    /// for, else the form's default; `nil` shows the text given without a language, else the first.
    let locale: String?
    /// `locale` in lower case, made once.
    private let lowered: String?
    /// The texts that lose a language, by `Role` bit: met in the roles' declaration order.
    private(set) var roles: UInt32 = 0
    /// The languages lost, in the order met.
    private(set) var lost: [String] = []
    /// The first translated text as the target shows it, with its language (`nil`: given without one).
    private(set) var shown: (role: Role, locale: String?, text: String)?

    init(locale: String?) {
        self.locale = locale
        lowered = locale?.lowercased()
    }

    /// A text's role, as the loss names it. A node adds its texts in this order (a field's own texts in
    /// `FieldTexts.all`'s order, then its options' and validation messages), so a role's bit order is
    /// the order met.
    enum Role: Int {
        case title, footer, label, detail, inlineLabel, placeholder, missingMessage, body, emptyText, selectorTitle,
             optionLabels, patternMessages, validationMessages

        /// The role in words.
        var words: String { Self.allWords[rawValue] }

        private static let allWords = ["title", "footer", "label", "detail", "inline label", "placeholder",
                                       "missing-value message", "text", "empty text", "selector title",
                                       "option labels", "pattern messages", "validation messages"]
    }

    /// Whether no text of the node loses a language.
    var isEmpty: Bool { roles == 0 }

    /// Empties the value for the next node, keeping the list's room.
    mutating func reset() {
        roles = 0
        if !lost.isEmpty { lost.removeAll(keepingCapacity: true) }
        shown = nil
    }

    /// Notes `text` of `role` when it has more than one entry (a text in one language is carried as it
    /// is; `FormDiff` sees no translation removed).
    mutating func add(_ role: Role, _ text: LocalizedText?) {
        guard let entries = text?.entries, entries.count > 1 else { return }
        let kept = keptEntry(of: entries)
        var any = false
        for e in entries.indices where e != kept {
            guard let l = entries[e].locale else { continue }
            any = true
            if !lost.contains(l) { lost.append(l) }
        }
        guard any else { return }
        roles |= 1 << UInt32(role.rawValue)
        if shown == nil { shown = (role, entries[kept].locale, entries[kept].text) }
    }

    /// The entry `text(for: locale)` picks.
    private func keptEntry(of entries: [LocalizedText.Entry]) -> Int {
        if let lowered, let i = entries.firstIndex(where: { $0.locale?.lowercased() == lowered }) { return i }
        return entries.firstIndex(where: { $0.locale == nil }) ?? 0
    }

    /// The loss's words for the node `owner` (`'city'`, `group 'address'`, `the form`): `the fr and de
    /// translations of the label and option labels of 'city'; every language shows the en texts (label "City")`.
    /// Written where the loss's message is, piece by piece.
    func detail(of owner: Words) -> Detail { Detail(lost: self, owner: owner) }

    /// `detail(of:)`'s words, unwritten.
    struct Detail: UseWords, Sendable {
        let lost: LostTranslations
        let owner: Words

        /// The lists, the owner and the quote (at most about 40 characters), with room for the words
        /// around them.
        var utf8Count: Int {
            var n = 80 + owner.utf8Count + min(lost.shown?.text.utf8.count ?? 0, 200)
            for l in lost.lost { n += l.utf8.count + 5 }
            n += 20 * lost.roles.nonzeroBitCount
            return n
        }

        var stored: LossWords { .translations(self) }

        func write<Out: TextOut>(to words: inout Out) {
            LostTranslations.append(lost.lost, to: &words)
            words += lost.lost.count == 1 ? " translation of the " : " translations of the "
            let count = lost.roles.nonzeroBitCount
            var rest = lost.roles, i = 0
            while rest != 0 {
                let bit = rest.trailingZeroBitCount
                rest &= rest - 1
                if i > 0 { words += i == count - 1 ? " and " : ", " }
                words += Role(rawValue: bit)!.words
                i += 1
            }
            words += " of "
            owner.write(to: &words)
            if let shown = lost.shown {
                words += "; every language shows the "
                if let locale = shown.locale {
                    words += locale
                    words += count == 1 ? " text" : " texts"
                } else {
                    words += count == 1 ? "text given without a language" : "texts given without a language"
                }
                words += " ("
                words += shown.role.words
                words += " \""
                words += shown.text.excerpt(limit: 40)
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
    static func append<Out: TextOut>(_ items: [String], to s: inout Out) {
        for i in items.indices {
            if i > 0 { s += i == items.count - 1 ? " and " : ", " }
            s += items[i]
        }
    }
}
