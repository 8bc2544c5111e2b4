import Testing
@testable import FormIR

@Suite struct LossCheckTests {
    static let form = Form(
        title: LocalizedText([.init(locale: "fr_CA", text: "Titre"), .init(locale: "EN_US", text: "Title")]),
        pages: [Page(id: "p", sections: [Section(id: "g", fields: [
            Field(id: "email", kind: .email, texts: FieldTexts(label: "Email", placeholder: "you@example.com"),
                  validation: Validation(required: true, patterns: [PatternRule(regex: "^.+@.+$", message: "bad")]),
                  extensions: ["mmxml.receipt": .string("personal"), "xlform.cell": .string("x"), ".odd": .null],
                  location: SourceLocation(file: "a.xml", line: 3, column: 5)),
            Field(id: "country", kind: .singleChoice, presentation: .dropDown,
                  options: [Option(value: .string("CA"), label: LocalizedText([.init(locale: "de_DE", text: "Kanada")]))]),
        ])])],
        rules: [Rule(condition: nil, target: .field("email"), then: [.show, .disable], otherwise: [.hide, .enable])])

    @Test func reportsEveryUnsupportedUseAsTheFeatureScanListsIt() {
        let supported: Set<Feature> = [.label, .options]
        var diagnostics = Diagnostics()
        diagnostics.note("earlier", "kept")
        LossCheck.report(Self.form, supported: supported, target: "json", keepingExtensions: ["mmxml"], into: &diagnostics)

        var expected = Diagnostics()
        expected.note("earlier", "kept")
        for use in FeatureScan.uses(in: Self.form) where !supported.contains(use.feature) {
            expected.loss(use.feature.rawValue, target: "json", "json cannot express the \(use.detail)",
                          at: use.location, path: use.path, subject: FeaturePlace(path: use.path).subject(in: Self.form))
        }
        for use in FeatureScan.foreignExtensions(in: Self.form, keeping: ["mmxml"]) {
            expected.loss("extension", target: "json",
                          "json has no place for \(use.detail), data only \(FeatureScan.namespace(of: use.detail)) reads",
                          at: use.location, path: use.path, subject: FeaturePlace(path: use.path).subject(in: Self.form))
        }
        #expect(diagnostics == expected)
        // The form title is the only translated text (the option label has one language): one form-level
        // line, naming the language lost and the one shown.
        #expect(diagnostics.items.filter { $0.id == "loss.text.localization" }.map(\.message)
            == ["form-level: json cannot express the EN_US translation of the title of the form; every language shows the fr_CA text (title \"Titre\")"])
        #expect(diagnostics.items.contains { $0.message == "email: json has no place for xlform.cell, data only xlform reads"
            && $0.path == "/pages/0/sections/0/fields/email" })
    }

    /// Every generic loss names what it is about: a field by id, a page, a group, or the form; a
    /// relationship's, what it acts on.
    @Test func everyGenericLossNamesItsOwner() {
        var d = Diagnostics()
        LossCheck.report(Self.form, supported: [], target: "json", into: &d)
        #expect(!d.losses.isEmpty)
        for l in d.losses {
            let owner = String(l.message.prefix { $0 != ":" })
            let path = l.path ?? ""
            if path.contains("/fields/") { #expect(path.hasSuffix("/fields/\(owner)") || path.contains("/fields/\(owner)/"), "\(l.message)") }
            // A relationship's loss names what it acts on (issue 35: every loss names a field or says form-level).
            else if path.hasPrefix("/rules/"), let i = Int(path.split(separator: "/")[1]) {
                switch Self.form.rules[i].target {
                case .field(let id): #expect(owner == id, "\(l.message)")
                case .section(let id): #expect(owner == "group '\(id)'", "\(l.message)")
                case .page(let id): #expect(owner == "page '\(id)'", "\(l.message)")
                case .form: #expect(owner == "form-level", "\(l.message)")
                }
            }
            else if path.contains("/sections/") { #expect(owner.hasPrefix("group "), "\(l.message)") }
            else if path.hasPrefix("/pages/") { #expect(owner.hasPrefix("page "), "\(l.message)") }
            else { #expect(owner == "form-level", "\(l.message)") }
        }
    }

    @Test func namespaceIsTheFirstNonEmptyDottedPart() {
        for key in ["mmxml.receipt", "plain", "", ".", "..", ".odd", "..a.b", "a..b", "a.", "é.x"] {
            #expect(FeatureScan.namespace(of: key) == (key.split(separator: ".").first.map(String.init) ?? key), "\(key)")
        }
    }

    @Test func localesAreDistinctAndSorted() {
        #expect(Self.form.locales == ["EN_US", "de_DE", "fr_CA"])
        #expect(Form().locales.isEmpty)
    }
}
