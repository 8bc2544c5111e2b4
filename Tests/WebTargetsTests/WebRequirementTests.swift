import DocumentTree
import Foundation
import FormIR
import Testing
@testable import Emitters

/// Requirements and hidden answers in SurveyJS's and JSON Forms' own switches (docs/web-targets.md).
/// survey-core and JSON Forms run these forms in Tests/Browser/requirement_semantics_test.py; here the
/// properties each library documents are checked: survey-core's `requiredIf`, `clearInvisibleValues`
/// (`none | onComplete | onHidden | onHiddenContainer`) and `clearIfInvisible`, and JSON Forms' losses.
@Suite struct WebRequirementTests {
    static func text(_ id: String, required: Bool = false, hidden: Bool = false, line: Int = 1) -> Field {
        Field(id: id, kind: .text, texts: FieldTexts(label: LocalizedText(id)), validation: Validation(required: required),
              isHidden: hidden, location: WebForms.at(line))
    }

    /// Two phones, at least one of them (MM XML `required="homePhone|mobilePhone"` on both).
    static var phones: Form {
        var form = WebForms.form([text("fullName", required: true), text("homePhone", line: 2), text("mobilePhone", line: 3)])
        form.requirementGroups = [RequirementGroup(fields: ["homePhone", "mobilePhone"], spelling: "homePhone|mobilePhone",
                                                   declaredOn: ["homePhone", "mobilePhone"])]
        return form
    }

    /// A required item shown only while `hasPet` is "1", and a forced one beside it.
    static var pets: Form {
        var vet = text("vetName", hidden: true, line: 4)
        vet.submission.whenHidden = .submitted
        let show = { (id: String) in
            Rule(condition: WebForms.eq("hasPet", "1"), target: .field(id), then: [.show], otherwise: [.hide], location: WebForms.at(9))
        }
        var form = WebForms.form([Field(id: "hasPet", kind: .boolean, location: WebForms.at(2)),
                                  text("petName", required: true, hidden: true, line: 3), vet],
                                 rules: [show("petName"), show("vetName")])
        form.hiddenFields = HiddenFieldRules(validatesHidden: false, values: .omitted)
        return form
    }

    @Test func eachPhoneIsRequiredWhileTheOtherIsUnanswered() throws {
        let out = try WebOutput(Self.phones, SurveyJSEmitter())
        #expect(out.surveyElement("homePhone")?["requiredIf"] as? String == "{mobilePhone} empty")
        #expect(out.surveyElement("mobilePhone")?["requiredIf"] as? String == "{homePhone} empty")
        #expect(out.surveyElement("fullName")?["isRequired"] as? Bool == true)
        #expect(out.surveyElement("homePhone")?["isRequired"] == nil)
    }

    @Test func aGroupJoinsTheMembersOwnConditionalRequirement() throws {
        var form = Self.phones
        form.rules.append(Rule(condition: WebForms.eq("fullName", "x"), target: .field("homePhone"),
                               then: [.setProperty(name: "required", value: .string("YES"))]))
        let out = try WebOutput(form, SurveyJSEmitter())
        #expect(out.surveyElement("homePhone")?["requiredIf"] as? String == "{fullName} = 'x' or {mobilePhone} empty")
        var three = Self.phones
        three.pages[0].sections[0].fields.append(Field(id: "consent", kind: .boolean))
        three.requirementGroups[0].fields.append("consent")
        let joined = try WebOutput(three, SurveyJSEmitter())
        #expect(joined.surveyElement("homePhone")?["requiredIf"] as? String == "({mobilePhone} empty and {consent} != true)",
                "a yes/no answer counts when ticked, as an MM XML checkbox")
    }

    @Test func theSurveyClearsHiddenValuesAsTheSourceDid() throws {
        let expected: [HiddenValuePolicy: String] = [.submitted: "none", .omitted: "onComplete", .cleared: "onHidden"]
        for (policy, value) in expected {
            var form = Self.pets
            form.hiddenFields?.values = policy
            let out = try WebOutput(form, SurveyJSEmitter())
            #expect(out.json["clearInvisibleValues"] as? String == (policy == .omitted ? nil : value),
                    "onComplete is survey-core's default, left unwritten")
            #expect(out.surveyElement("vetName")?["clearIfInvisible"] as? String == (policy == .submitted ? nil : "none"),
                    "a field's own policy where it differs")
        }
        var unsaid = Self.pets
        unsaid.hiddenFields = nil
        #expect(try WebOutput(unsaid, SurveyJSEmitter()).json["clearInvisibleValues"] == nil, "the source does not say")
    }

    @Test func requiredWhileHiddenIsASurveyJSLoss() throws {
        var form = Self.pets
        form.hiddenFields?.validatesHidden = true
        let out = try WebOutput(form, SurveyJSEmitter())
        let losses = out.diagnostics.losses.filter { $0.id == "loss.validation.required-while-hidden" }
        #expect(losses.map(\.location?.line) == [3], "petName only: the one required field that can hide")
        #expect(!(try WebOutput(Self.pets, SurveyJSEmitter()).lossIDs.contains("loss.validation.required-while-hidden")))
    }

    @Test func jsonFormsNamesTheRequiredMarkItCannotShow() throws {
        let pets = try WebOutput(Self.pets, JSONFormsEmitter())
        let mark = pets.diagnostics.losses.filter { $0.message.contains("required mark") }
        #expect(mark.map(\.location?.line) == [3])
        #expect(mark.first?.message.contains("'petName' is required only while it is shown") == true)
        let phones = try WebOutput(Self.phones, JSONFormsEmitter())
        let lines = phones.diagnostics.losses.filter { $0.message.contains("required mark") }.map(\.location?.line)
        #expect(lines == [2, 3], "each phone, not the always required full name")
    }

    @Test func jsonFormsNamesHiddenAnswersItKeeps() throws {
        let out = try WebOutput(Self.pets, JSONFormsEmitter())
        let kept = out.diagnostics.losses.filter { $0.message.contains("keeps a hidden control's answer") }
        #expect(kept.map(\.location?.line) == [3], "petName is left out while hidden; vetName is submitted as in JSON Forms")
    }

    @Test func jsonFormsTypesRequiredBranchesSoItsErrorsReachTheControls() throws {
        let schema = Node.object([("type", .string("object")), ("anyOf", .array([
            .object([("required", .strings(["a"]))]), .object([("required", .strings(["b"]))]),
        ])), ("allOf", .array([.object([("if", .object([("properties", .object([]))])),
                                        ("then", .object([("required", .strings(["c"]))]))])]))])
        let typed = JSONFormsRequirements.typedBranches(schema)
        #expect(typed["anyOf"]?.arrayValue?.allSatisfy { $0["type"] == .string("object") } == true)
        #expect(typed["allOf"]?.arrayValue?.first?["then"]?["type"] == .string("object"))
        #expect(typed["allOf"]?.arrayValue?.first?["if"]?["type"] == nil, "an if is not a branch that reports")
    }
}
