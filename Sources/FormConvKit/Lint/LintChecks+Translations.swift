import FormIR

/// `missing-translation` and `stray-language`: which of the languages a form's texts name are the
/// form's own (declared, or substantially present: `TranslationPolicy`), and which are strays.
extension LintChecks {
    /// A text that names at least one language, with what to call it in a message.
    struct TaggedText {
        var text: LocalizedText
        var what: () -> String
        var location: SourceLocation?
        var path: () -> String
    }

    /// Every field text and option label that names a language, in document order.
    static func taggedTexts(_ s: LintSubject) -> [TaggedText] {
        var out: [TaggedText] = []
        for e in fields(s) {
            let f = e.field
            for (role, text) in f.texts.all where !text.locales.isEmpty {
                out.append(TaggedText(text: text, what: { "the \(role) of '\(f.id)'" }, location: f.location, path: { e.path }))
            }
            for o in f.options where !(o.label?.locales.isEmpty ?? true) {
                out.append(TaggedText(text: o.label!, what: { "option '\(o.value.displayText)' of '\(f.id)'" },
                                      location: o.location ?? f.location, path: { e.path }))
            }
        }
        return out
    }

    /// The form's languages and its stray ones, each as first spelled, in order of first use.
    static func languages(_ texts: [TaggedText], policy: TranslationPolicy) -> (form: [String], stray: [String]) {
        var spelling: [String: String] = [:], order: [String] = [], count: [String: Int] = [:]
        for t in texts {
            for l in Set(t.text.locales.map { $0.lowercased() }) {
                if spelling[l] == nil { order.append(l); spelling[l] = t.text.locales.first { $0.lowercased() == l } }
                count[l, default: 0] += 1
            }
        }
        let declared = Set(policy.declared.map { $0.lowercased() })
        var form: [String] = [], stray: [String] = []
        for l in order {
            let share = Double(count[l]!) / Double(texts.count)
            if declared.contains(l) || share >= policy.minimumShare { form.append(spelling[l]!) } else { stray.append(spelling[l]!) }
        }
        for l in policy.declared where spelling[l.lowercased()] == nil { form.append(l) }
        return (form, stray)
    }

    @Sendable static func missingTranslations(_ s: LintSubject) -> [LintFinding] {
        guard s.form.locales.count > 1 || !s.translations.declared.isEmpty else { return [] }
        let texts = taggedTexts(s)
        let locales = languages(texts, policy: s.translations).form
        guard locales.count > 1 else { return [] }
        let lowered = locales.map { $0.lowercased() }
        var out: [LintFinding] = []
        for t in texts {
            let have = Set(t.text.locales.map { $0.lowercased() })
            let missing = locales.indices.filter { !have.contains(lowered[$0]) }.map { locales[$0] }
            if !missing.isEmpty {
                out.append(LintFinding("\(t.what()) has no \(missing.joined(separator: ", ")) text", at: t.location, path: t.path()))
            }
        }
        return out
    }

    /// One note per form and stray language, at its first text, naming its texts (five at most).
    @Sendable static func strayLanguages(_ s: LintSubject) -> [LintFinding] {
        guard s.form.locales.count > 1 else { return [] }
        let texts = taggedTexts(s)
        let (form, stray) = languages(texts, policy: s.translations)
        guard !form.isEmpty else { return [] }
        let percent = Int((s.translations.minimumShare * 100).rounded())
        return stray.map { language in
            let own = texts.filter { $0.text.locales.contains { $0.lowercased() == language.lowercased() } }
            let named = own.prefix(5).map { $0.what() }.joined(separator: ", ") + (own.count > 5 ? ", …" : "")
            return LintFinding("\(language) appears in \(own.count) of the form's \(texts.count) texts (\(named)), under the "
                               + "\(percent)% that makes it one of the form's languages (\(form.joined(separator: ", "))), so "
                               + "missing-translation does not ask for it; translate the rest or declare it in .formconv.yml "
                               + "(translations: languages), or remove the stray texts",
                               at: own.first?.location, path: own.first?.path())
        }
    }
}
