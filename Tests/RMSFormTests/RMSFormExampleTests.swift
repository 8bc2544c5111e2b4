import Foundation
import Testing
import FormIR
import Readers
import Emitters

/// The bundled example: every shipped class, references, custom classes; written back equal.
@Suite struct RMSFormExampleTests {
    let url = Paths.examples.appendingPathComponent("settings.rmsform.plist")

    @Test func readsAndWritesBackEqual() throws {
        let (form, d) = try RMSFormReader().read(bytes: try Paths.bytes(url), name: "settings.rmsform.plist")
        #expect(!d.hasErrors, "\(d.errors)")
        #expect(d.items.map(\.id) == ["rmsform.custom-class", "rmsform.custom-class"])
        let kinds = form.allFields.map { "\($0.id):\($0.kind)" }
        #expect(kinds == ["displayName:text", "account.password:password", "account.memberSince:label",
                          "notificationsOn:boolean", "reminderMinutes:singleChoice", "language:singleChoice",
                          "quietHoursStart:date", "themeColor:custom.RMSNamedColorPickerCell", "deleteButton:button",
                          "button1:button", "button2:button", "webView3:webView", "label4:label"])
        #expect(form.field("account.password")?.appBinding.enabled == ":passwordEnabled")
        #expect(form.field("reminderMinutes")?.options.map(\.value) == [.int(5), .int(15), .int(60)])
        #expect(form.field("deleteButton")?.actions == [.targetAction(target: ":self", selector: "deleteAccount:")])
        #expect(form.field("button1")?.presentation == .push)
        #expect(form.field("webView3")?.actions == [.openURL("https://example.com/privacy")])
        #expect(form.field("webView3")?.texts.selectorTitle == "Privacy")
        #expect(form.field("label4")?.isHidden == true)
        #expect(form.pages[0].sections[0].footer == "Your name is shown to other players.")
        let (plist, ed) = try RMSFormEmitter(syntax: .plist).emit(form)
        #expect(ed.items.isEmpty, "\(ed.items)")
        try expectSameDescriptor(url, plist, json: false)
        try expectGolden(String(decoding: plist, as: UTF8.self), "rmsform/settings.rmsform.plist")
        let (again, _) = try RMSFormReader().read(bytes: plist, name: "again.plist")
        #expect(again == form)
    }
}
