import Foundation
import Testing
import FormIR
import Readers
import Emitters

/// Writing forms that come from other formats: shipped classes only, and every loss reported.
@Suite struct RMSFormEmitterTests {
    static func loc(_ l: Int) -> FormIR.SourceLocation { FormIR.SourceLocation(file: "in.xml", line: l, column: 5) }

    static var foreign: Form {
        Form(id: "signup", title: "Sign up", pages: [
            Page(id: "p1", sections: [
                Section(id: "who", title: "Who", footer: "We never share it.", fields: [
                    Field(id: "name", kind: .text, texts: FieldTexts(label: "Name", placeholder: "Jane"),
                          validation: Validation(required: true, maxLength: 40), location: loc(3)),
                    Field(id: "email", kind: .email, texts: FieldTexts(label: "Email"),
                          validation: Validation(named: [.email]), location: loc(4)),
                    Field(id: "pwd", kind: .password, texts: FieldTexts(label: "Password"), location: loc(5)),
                    Field(id: "plan", kind: .singleChoice, presentation: .segmented,
                          options: [Option(value: .string("f"), label: "Free"), Option(value: .string("p"), label: "Pro")],
                          defaultValue: .string("f"), location: loc(6)),
                    Field(id: "born", kind: .date, location: loc(7)),
                    Field(id: "news", kind: .boolean, isHidden: true, location: loc(8)),
                ], location: loc(2)),
            ], location: loc(1)),
            Page(id: "p2", sections: [
                Section(fields: [
                    Field(id: "intro", kind: .label, texts: FieldTexts(label: "Almost done"), location: loc(11)),
                    Field(id: "terms", kind: .button, texts: FieldTexts(label: "Terms"), actions: [.openURL("https://x.test/terms")],
                          location: loc(12)),
                    Field(id: "go", kind: .button, texts: FieldTexts(label: "Go"),
                          actions: [.targetAction(target: ":self", selector: "submit:"), .submit], location: loc(13)),
                    Field(id: "sig", kind: .signature, texts: FieldTexts(label: "Sign"),
                          extensions: ["mmxml.penColor": .string("blue")], location: loc(14)),
                ], location: loc(10)),
            ], location: loc(9)),
        ], rules: [Rule(condition: nil, target: .field("news"), then: [.show], location: loc(20))], location: loc(1))
    }

    @Test func foreignFormGoldenAndLosses() throws {
        let (json, d) = try RMSFormEmitter(syntax: .json).emit(Self.foreign)
        try expectGolden(String(decoding: json, as: UTF8.self), "rmsform/foreign.rmsform.json")
        try expectGolden(lines(d.items), "rmsform/foreign.rmsform.losses.txt")
        #expect(d.items.allSatisfy { (x: Diagnostic) in x.loss?.target == "rmsform-json" && x.location != nil })
        let shipped: Set<String> = ["RMSTextEntryCell", "RMSSwitchCell", "RMSArrayPickerCell", "RMSDatePickerCell",
                                    "RMSButtonCell", "RMSNavigationCell", "RMSWebViewCell", "RMSFormCell"]
        let (back, rd) = try RMSFormReader().read(bytes: json, name: "out.json")
        #expect(rd.items.isEmpty, "\(rd.items)")
        #expect(back.allFields.allSatisfy { !$0.kind.isCustom })
        #expect(String(decoding: json, as: UTF8.self).components(separatedBy: "\"className\": \"").dropFirst()
            .allSatisfy { shipped.contains(String($0.prefix { $0 != "\"" })) })
        #expect(back.allFields.map(\.id) == ["name", "email", "pwd", "plan", "born", "news", "intro", "terms", "go", "sig"])
        #expect(back.field("news")?.isHidden == true)
        #expect(back.pages[0].sections[0].footer == "We never share it.")
    }

    @Test func readWriteReadIsStableForBothSyntaxes() throws {
        let (json, _) = try RMSFormEmitter(syntax: .json).emit(Self.foreign)
        let (once, _) = try RMSFormReader().read(bytes: json, name: "once.json")
        let (json2, d2) = try RMSFormEmitter(syntax: .json).emit(once)
        #expect(json2 == json)
        #expect(d2.items.isEmpty, "\(d2.items)")
        let (plist, _) = try RMSFormEmitter(syntax: .plist).emit(once)
        let (twice, d) = try RMSFormReader().read(bytes: plist, name: "twice.plist")
        #expect(!d.hasErrors)
        #expect(twice == once)
    }

    /// A NaN or infinity (from a binary or XML plist) has no JSON spelling, and a null no plist one: each is
    /// a loss at the cell's field, named by its path in the descriptor, never a silent `null` or gap.
    @Test func unwritableValuesAreLossesAtTheirCell() throws {
        let at = FormIR.SourceLocation(file: "in.plist", line: 8, column: 4)
        let cell = Field(id: "name", kind: .text, extensions: ["rmsform.properties": .object(["weight": .double(.nan)])],
                         location: at)
        let form = Form(pages: [Page(sections: [Section(fields: [cell], location: Self.loc(2))], isImplicit: true)])
        let (_, json) = try RMSFormEmitter(syntax: .json).emit(form)
        let lost = try #require(json.losses.first { $0.id == "loss.value.non-finite" })
        #expect(lost.location == at && lost.path == "/0/rows/0/properties/weight")
        #expect(lost.message.contains("rmsform-json cannot hold nan"))
        let (_, plist) = try RMSFormEmitter(syntax: .plist).emit(form)
        #expect(!plist.losses.contains { $0.id == "loss.value.non-finite" }, "a plist holds NaN")

        let nulls = Field(id: "n", kind: .text, extensions: ["rmsform.properties": .object(["gone": .null])], location: at)
        let (_, d) = try RMSFormEmitter(syntax: .plist)
            .emit(Form(pages: [Page(sections: [Section(fields: [nulls])], isImplicit: true)]))
        let dropped = try #require(d.losses.first { $0.id == "loss.value.null" })
        #expect(dropped.location == at && dropped.path == "/0/rows/0/properties/gone")
    }

    @Test func yamlIsRefused() {
        #expect(throws: EmitFailure.self) { _ = try RMSFormEmitter(syntax: .yaml).emit(Self.foreign) }
    }
}
