import Foundation
import Testing
import FormIR
import FormConvKit
import FormConvTestSupport

/// Losses common to every target name the field, section or page they concern (issue 35): the
/// translations a one-language target drops (`loss.text.localization`), the pages a target without
/// pages flattens (`loss.structure.pages`) and the rules it cannot write (`loss.relationship.*`).
/// Checked against `FormDiff`, the comparison teams sign migrations off with: every change of these
/// kinds it finds between the form and its read-back is named by a loss on that field, section or page.
@Suite struct FieldLossNamingTests {
    static func convert(_ example: String, to target: FormatID, options: EmitOptions = EmitOptions())
        throws -> (source: Form, losses: [Diagnostic], changes: [FormChange]) {
        let url = TestPaths.examples.appendingPathComponent(example)
        let input = InputDocument(name: url.path, bytes: Array(try Data(contentsOf: url)))
        let result = Converter.convert(input, from: .mmxml, to: target, options: options)
        let source = try #require(result.form)
        let bytes = try #require(result.output, "\(example) → \(target) failed")
        var back = Diagnostics()
        let read = try #require(Converter.read(InputDocument(name: "back." + target.fileExtension, bytes: bytes),
                                               as: target, diagnostics: &back))
        return (source, result.diagnostics.losses, FormDiff.compare(source, read).changes)
    }

    /// The IR path of each field by its id and submission key, of each section and page by the name
    /// `formconv diff` gives it.
    static func paths(_ form: Form) -> [String: String] {
        var out: [String: String] = [:]
        for (pi, page) in form.pages.enumerated() {
            let pageName = ContainerName.page(page, at: pi)
            out[pageName] = "/pages/\(pi)"
            for (si, section) in page.sections.enumerated() {
                out[ContainerName.section(section, at: si, onPage: pageName)] = "/pages/\(pi)/sections/\(si)"
                for f in section.fields {
                    out[f.id] = "/pages/\(pi)/sections/\(si)/fields/\(f.id)"
                    if let k = f.submission.key { out[k] = out[f.id] }
                }
            }
        }
        return out
    }

    @Test(arguments: [FormatID.xlform, .json, .rmsform, .shinobi])
    func eachFieldLosingATranslationHasItsOwnLoss(_ target: FormatID) throws {
        let (source, losses, changes) = try Self.convert("survey.xml", to: target)
        let removed = changes.filter { $0.id == "translation.removed" }
        #expect(!removed.isEmpty, "survey.xml has texts in three languages")
        let localization = losses.filter { $0.id == "loss.text.localization" }
        let paths = Self.paths(source)
        for change in removed {
            let path = try #require(paths[change.field], "\(change.field)")
            #expect(localization.contains { $0.path == path || ($0.path ?? "").hasPrefix(path + "/") },
                    "\(target): \(change.message) has no loss on \(path)")
        }
        // One loss per field, not one per text or per language.
        let perPath = Dictionary(grouping: localization, by: { $0.path ?? "" })
        #expect(perPath.values.allSatisfy { $0.count == 1 })
        #expect(!localization.contains { $0.path == "/" && $0.message.contains("texts in") })
    }

    @Test func aTranslationLossSaysWhichLanguagesAndTextsAndWhatIsShown() throws {
        let (_, losses, _) = try Self.convert("survey.xml", to: .xlform)
        let satisfaction = try #require(losses.first { $0.id == "loss.text.localization" && $0.subject == "satisfaction" })
        // survey.xml: its label, option labels and missing-value message are in EN_US, FR_CA, ES_MX;
        // the XLForm writer keeps the form's default language (EN_US).
        #expect(satisfaction.message.hasPrefix("satisfaction: xlform cannot express the FR_CA and ES_MX translations of the label"))
        #expect(satisfaction.message.contains("option labels"))
        #expect(satisfaction.message.contains("missing-value message"))
        #expect(satisfaction.message.contains("every language shows the EN_US texts (label \"How satisfied are you with our service?\")"))
    }

    @Test func theLanguageAskedForIsTheOneShownAndTheOthersAreLost() throws {
        let (_, losses, _) = try Self.convert("survey.xml", to: .json, options: EmitOptions(locale: "FR_CA"))
        let satisfaction = try #require(losses.first { $0.id == "loss.text.localization" && $0.subject == "satisfaction" })
        #expect(satisfaction.message.contains("the EN_US and ES_MX translations of the label"))
        #expect(satisfaction.message.contains("every language shows the FR_CA texts (label \"Qualité du service\")"))
    }

    @Test func aTextInOneLanguageIsNoLoss() {
        let form = Form(pages: [Page(sections: [Section(fields: [
            Field(id: "a", kind: .text, texts: FieldTexts(label: LocalizedText("Nom", locale: "fr"))),
            Field(id: "b", kind: .text, texts: FieldTexts(label: LocalizedText([.init(locale: "en", text: "Name"),
                                                                                .init(locale: "fr", text: "Nom")]))),
        ])])])
        var d = Diagnostics()
        LossCheck.report(form, supported: [.label], target: "t", locale: "en", into: &d)
        let lost = d.items.filter { $0.id == "loss.text.localization" }
        #expect(lost.map(\.path) == ["/pages/0/sections/0/fields/b"])
        #expect(lost.first?.message == "b: t cannot express the fr translation of the label of 'b'; every language shows the en text (label \"Name\")")
    }

    @Test(arguments: [FormatID.xlform, .json])
    func eachFlattenedPageIsNamedWithItsSections(_ target: FormatID) throws {
        let (source, losses, changes) = try Self.convert("merchant-application.xml", to: target)
        let pages = losses.filter { $0.id == "loss.structure.pages" }
        let explicit = source.pages.indices.filter { !source.pages[$0].isImplicit }
        #expect(pages.map(\.path) == explicit.map { "/pages/\($0)" })
        #expect(pages.dropFirst().first?.message.hasPrefix("ownersPage: ") == false)
        #expect(pages.dropFirst().first?.message
            == "page 'ownersPage': \(target.rawValue) cannot express the page break before page 'ownersPage' (its sections 'owner1' and 'owner2' follow those of page 'businessPage' on one long page)")
        for change in changes where change.id == "page.removed" || change.id == "section.moved" {
            let path = try #require(Self.paths(source)[change.field])
            #expect(pages.contains { $0.path == path || $0.message.contains("'\(change.field)'") }, "\(change.message)")
        }
    }

    static let countryIsUS = Expression.compare(.field(FieldReference("country")), .equal, .literal(.string("US")))

    @Test func aRuleTheTargetCannotWriteNamesTheFieldAndWhatStays() {
        let form = Form(pages: [Page(sections: [Section(id: "g", fields: [
            Field(id: "country", kind: .text),
            Field(id: "city", kind: .text, submission: Submission(key: "town")),
            Field(id: "zip", kind: .text, isHidden: true),
        ])])], rules: [
            Rule(condition: Self.countryIsUS,
                 source: ConditionSource(dialect: .mmCondition, text: "country == \"US\""),
                 target: .field("city"), then: [.show], otherwise: [.hide]),
            Rule(condition: Self.countryIsUS,
                 source: ConditionSource(dialect: .mmCondition, text: "country == \"US\""),
                 target: .field("zip"), then: [.show, .setProperty(name: "required", value: .bool(true))], otherwise: [.hide]),
            Rule(condition: nil, target: .section("g"), then: [.disable]),
        ])
        var d = Diagnostics()
        LossCheck.report(form, supported: [], target: "t", into: &d)
        let rules = d.items.filter { $0.path?.hasPrefix("/rules/") == true }.map(\.message)
        #expect(rules.contains("city: t cannot express the rule that shows 'city' (submitted as 'town') when 'country == \"US\"' holds; it stays visible"))
        #expect(rules.contains("zip: t cannot express the rule that shows 'zip' when 'country == \"US\"' holds; it stays hidden"))
        #expect(rules.contains("zip: t cannot express the rule that makes 'zip' required when 'country == \"US\"' holds; it stays optional"))
        #expect(rules.contains("group 'g': t cannot express the rule that disables group 'g' (its fields 'country', 'town' and 'zip') always; it stays editable"))
    }

    @Test(arguments: [FormatID.rmsform, .shinobi, .xlform])
    func everyRemovedConditionIsNamedOnItsField(_ target: FormatID) throws {
        let (_, losses, changes) = try Self.convert("merchant-application.xml", to: target)
        for change in changes where change.id == "condition.removed" || change.id == "required.conditional-removed" {
            #expect(losses.contains { $0.path?.hasPrefix("/rules/") == true && $0.message.contains("'\(change.field)'") },
                    "\(target): \(change.message)")
        }
    }

    @Test func theReportGivesEachLossItsSubject() throws {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("fieldloss-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let report = tmp.appendingPathComponent("run.json")
        _ = try TestPaths.runFormconv([TestPaths.examples.appendingPathComponent("survey.xml").path, "--to", "xlform",
                                   "-o", tmp.appendingPathComponent("out.json").path, "--report", report.path])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let inputs = try #require(doc["inputs"] as? [[String: Any]])
        let diagnostics = inputs.flatMap { $0["diagnostics"] as? [[String: Any]] ?? [] }
        let losses = diagnostics.filter { $0["feature"] != nil }
        #expect(!losses.isEmpty)
        for l in losses {
            let subject = try #require(l["subject"] as? String, "\(l)")
            #expect((l["message"] as? String)?.hasPrefix(subject + ": ") == true)
        }
        #expect(losses.contains { $0["subject"] as? String == "satisfaction" && $0["feature"] as? String == "text.localization" })
        #expect(diagnostics.filter { $0["feature"] == nil }.allSatisfy { $0["subject"] == nil })
    }
}
