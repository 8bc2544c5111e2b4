import FormConvKit
import FormIR
import Testing

/// SurveyJS's `clearInvisibleValues` and `clearIfInvisible` (shared/specs/web-targets.md lines 60 and
/// 534) read as the IR's hidden-value policy, and a target whose engine differs says so.
@Suite struct SurveyJSHiddenValuePolicyTests {
    static func read(_ json: String) throws -> (Form, Diagnostics) {
        var d = Diagnostics()
        let form = try #require(Converter.read(InputDocument(name: "s.json", text: json), as: .surveyjs, diagnostics: &d))
        return (form, d)
    }

    static func survey(_ clear: String?, question: String? = nil) -> String {
        let c = clear.map { "\"clearInvisibleValues\": \"\($0)\", " } ?? ""
        let q = question.map { ", \"clearIfInvisible\": \"\($0)\"" } ?? ""
        return """
        {\(c)"elements": [{"type": "text", "name": "a"},
          {"type": "text", "name": "b", "isRequired": true, "visibleIf": "{a} = 'x'"\(q)}]}
        """
    }

    @Test(arguments: [(nil, HiddenValuePolicy.omitted), ("onComplete", .omitted), ("onHidden", .cleared),
                      ("onHiddenContainer", .cleared), ("none", .submitted)] as [(String?, HiddenValuePolicy)])
    func surveyPolicy(_ clear: String?, _ policy: HiddenValuePolicy) throws {
        let (form, d) = try Self.read(Self.survey(clear))
        #expect(form.hiddenFields == HiddenFieldRules(validatesHidden: false, values: policy))
        #expect(!d.items.contains { $0.id == "surveyjs.not-carried" })
    }

    @Test func questionOverride() throws {
        let (form, _) = try Self.read(Self.survey("onHidden", question: "none"))
        #expect(form.field("b")?.submission.whenHidden == .submitted)
        #expect(form.hiddenValuePolicy(of: form.field("b")!) == .submitted)
        #expect(form.hiddenValuePolicy(of: form.field("a")!) == .cleared)
    }

    @Test func xlformReportsTheDifferentPolicy() throws {
        let r = Converter.convert(InputDocument(name: "s.json", text: Self.survey("onHidden")), from: .surveyjs, to: .xlform)
        let loss = r.diagnostics.items.filter { $0.id == "loss.submission.hidden-values" }
        #expect(loss.count == 1)
        #expect(loss.first?.message.contains("erased when it hides") == true)
    }
}
