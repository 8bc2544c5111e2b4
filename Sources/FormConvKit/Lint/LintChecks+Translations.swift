import FormIR

/// `missing-translation` and `stray-language`: which of the languages a form's texts name are the
/// form's own (declared, or substantially present: `TranslationPolicy`), and which are strays.
extension LintChecks {
    /// A field text or option label that names at least one language. Where it is and what to call it
    /// are worked out from the field's entry only for the texts a finding names.
    struct TaggedText {
        /// The field's position in `LintSubject.fieldList`.
        var entry: Int
        /// The text's role (`label`, `detail`, …), or `nil` for an option's label.
        var role: String?
        /// The option's position among the field's options, for an option's label.
        var option: Int
        /// Where its languages are in `TaggedTexts.languageList` (positions in `spellings`, each once,
        /// in the text's order): one list for the form, not one array per text.
        var languages: Range<Int>
        var location: SourceLocation?
    }

    /// Every field text and option label of a form that names a language, in document order, with the
    /// form's languages and the stray ones: listed once per file for both translation rules.
    struct TaggedTexts {
        var texts: [TaggedText] = []
        /// The languages of every text, text after text (`TaggedText.languages`).
        var languageList: [Int] = []
        /// Each language (compared ignoring case) as first spelled, in order of first use.
        var spellings: [String] = []
        /// The form's languages: a position in `spellings`, or (`nil`) a declared language no text has,
        /// with its spelling.
        var form: [(language: Int?, spelling: String)] = []
        /// Positions in `spellings` of the stray languages, in order of first use.
        var stray: [Int] = []

        init() {}

        init(_ s: LintSubject) {
            var byLowered: [String: Int] = [:], bySpelling: [String: Int] = [:]
            var counts: [Int] = [], lastText: [Int] = []
            // The previous text's languages as spelled, in order: most texts of a form name the same
            // languages in the same order, so a spelling is compared with the one at its place there
            // before it is hashed.
            var previous: [(spelling: String, language: Int)] = []
            var current: [(spelling: String, language: Int)] = []
            func language(_ spelling: String, at place: Int) -> Int {
                if place < previous.count, previous[place].spelling == spelling { return previous[place].language }
                if let known = bySpelling[spelling] { return known }
                let lowered = spelling.lowercased()
                let l: Int
                if let known = byLowered[lowered] {
                    l = known
                } else {
                    l = spellings.count
                    byLowered[lowered] = l
                    spellings.append(spelling)
                    counts.append(0)
                    lastText.append(-1)
                }
                bySpelling[spelling] = l
                return l
            }
            func add(_ text: LocalizedText?, entry: Int, role: String?, option: Int, at location: SourceLocation?) {
                guard let text else { return }
                let start = languageList.count
                current.removeAll(keepingCapacity: true)
                for k in text.entries.indices {
                    guard let spelling = text.entries[k].locale else { continue }
                    let l = language(spelling, at: current.count)
                    current.append((spelling, l))
                    guard lastText[l] != texts.count else { continue }
                    lastText[l] = texts.count
                    counts[l] += 1
                    languageList.append(l)
                }
                if !current.isEmpty { swap(&previous, &current) }
                guard languageList.count > start else { return }
                texts.append(TaggedText(entry: entry, role: role, option: option, languages: start..<languageList.count,
                                        location: location))
            }
            for i in s.fieldList.indices {
                let e = s.fieldList[i]
                // The texts in `FieldTexts.all`'s order, read in place: no list of them per field.
                let t = s[e].texts, location = s[e].location
                add(t.label, entry: i, role: "label", option: 0, at: location)
                add(t.detail, entry: i, role: "detail", option: 0, at: location)
                add(t.inlineLabel, entry: i, role: "inlineLabel", option: 0, at: location)
                add(t.placeholder, entry: i, role: "placeholder", option: 0, at: location)
                add(t.missingMessage, entry: i, role: "missingMessage", option: 0, at: location)
                add(t.body, entry: i, role: "body", option: 0, at: location)
                add(t.emptyText, entry: i, role: "emptyText", option: 0, at: location)
                add(t.selectorTitle, entry: i, role: "selectorTitle", option: 0, at: location)
                for o in s[e].options.indices {
                    add(s[e].options[o].label, entry: i, role: nil, option: o, at: s[e].options[o].location ?? location)
                }
            }
            let policy = s.translations
            let declared = Set(policy.declared.map { $0.lowercased() })
            for l in spellings.indices {
                let share = Double(counts[l]) / Double(texts.count)
                if declared.contains(spellings[l].lowercased()) || share >= policy.minimumShare {
                    form.append((l, spellings[l]))
                } else {
                    stray.append(l)
                }
            }
            for l in policy.declared where byLowered[l.lowercased()] == nil { form.append((nil, l)) }
        }

        /// Whether `text` has the language at `language` in `spellings`.
        func has(_ text: TaggedText, _ language: Int) -> Bool {
            languageList[text.languages].contains(language)
        }

        /// What a message calls `text`: `the label of 'name'`, `option 'v' of 'name'`.
        func what(_ text: TaggedText, in s: LintSubject) -> String {
            let f = s[s.fieldList[text.entry]]
            if let role = text.role { return "the \(role) of '\(f.id)'" }
            return "option '\(f.options[text.option].value.displayText)' of '\(f.id)'"
        }
    }

    /// Whether the form's texts (its title, page and section titles, field texts and option labels) name
    /// two languages or more, spelled differently: the scan stops at the second.
    static func hasSeveralLanguages(_ form: Form) -> Bool {
        var first: String?
        func another(_ text: LocalizedText?) -> Bool {
            guard let text else { return false }
            for entry in text.entries {
                guard let locale = entry.locale else { continue }
                if let first { if locale != first { return true } } else { first = locale }
            }
            return false
        }
        if another(form.title) { return true }
        for page in form.pages {
            if another(page.title) { return true }
            for section in page.sections {
                if another(section.title) { return true }
                for i in section.fields.indices {
                    let t = section.fields[i].texts
                    if another(t.label) || another(t.detail) || another(t.inlineLabel) || another(t.placeholder)
                        || another(t.missingMessage) || another(t.body) || another(t.emptyText) || another(t.selectorTitle) {
                        return true
                    }
                    for o in section.fields[i].options.indices where another(section.fields[i].options[o].label) { return true }
                }
            }
        }
        return false
    }

    @Sendable static func missingTranslations(_ s: LintSubject) -> [LintFinding] {
        guard s.hasSeveralLanguages || !s.translations.declared.isEmpty else { return [] }
        let tagged = s.taggedTexts
        guard tagged.form.count > 1 else { return [] }
        var out: [LintFinding] = []
        for t in tagged.texts {
            let missing = tagged.form.filter { $0.language.map { !tagged.has(t, $0) } ?? true }
            if !missing.isEmpty {
                out.append(LintFinding("\(tagged.what(t, in: s)) has no \(missing.map(\.spelling).joined(separator: ", ")) text",
                                       at: t.location, path: s.path(s.fieldList[t.entry])))
            }
        }
        return out
    }

    /// One note per form and stray language, at its first text, naming its texts (five at most).
    @Sendable static func strayLanguages(_ s: LintSubject) -> [LintFinding] {
        guard s.hasSeveralLanguages else { return [] }
        let tagged = s.taggedTexts
        guard !tagged.form.isEmpty else { return [] }
        let percent = Int((s.translations.minimumShare * 100).rounded())
        let form = tagged.form.map(\.spelling).joined(separator: ", ")
        return tagged.stray.map { language in
            let own = tagged.texts.filter { tagged.has($0, language) }
            let named = own.prefix(5).map { tagged.what($0, in: s) }.joined(separator: ", ") + (own.count > 5 ? ", …" : "")
            return LintFinding("\(tagged.spellings[language]) appears in \(own.count) of the form's \(tagged.texts.count) texts "
                               + "(\(named)), under the "
                               + "\(percent)% that makes it one of the form's languages (\(form)), so "
                               + "missing-translation does not ask for it; translate the rest or declare it in .formconv.yml "
                               + "(translations: languages), or remove the stray texts",
                               at: own.first?.location, path: own.first.map { s.path(s.fieldList[$0.entry]) })
        }
    }
}
