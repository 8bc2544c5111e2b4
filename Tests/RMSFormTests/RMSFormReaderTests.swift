import Foundation
import Testing
import FormIR
import Readers
import Emitters

/// Reading details: references, boolean spellings, ids, custom classes and errors with positions.
@Suite struct RMSFormReaderTests {
    @Test func sniffsJSONAndPlists() {
        #expect(RMSFormReader.looksLikeJSON(Array("  \n[ ]".utf8)))
        #expect(RMSFormReader.looksLikeJSON([0xEF, 0xBB, 0xBF] + Array("[]".utf8)))
        #expect(!RMSFormReader.looksLikeJSON(Array("<?xml version=\"1.0\"?>".utf8)))
        #expect(!RMSFormReader.looksLikeJSON(Array("bplist00".utf8)))
    }

    @Test func referencesStayReferencesAndSpellingsComeBack() throws {
        let text = """
        [{"enabled": ":showAccount", "properties": {"headerTitle": ":accountTitle"}, "rows": [
          {"className": "RMSTextEntryCell", "enabled": "0",
           "properties": {"representedObject": ":profile", "keyPath": "pin", "secureTextEntry": "YES", "labelText": ":pinLabel"}},
          {"className": "RMSArrayPickerCell", "enabled": true,
           "properties": {"keyPath": "gender", "choices": ":genders"}},
          {"className": "RMSTextEntryCell", "properties": {"keyPath": "note", "secureTextEntry": false}}
        ]}]
        """
        let (form, d) = try RMSFormReader().read(text: text, name: "r.json")
        #expect(d.items.isEmpty, "\(d.items)")
        let section = form.pages[0].sections[0]
        // Substitutions are what the app supplies (AppBinding), not format data: no rmsform.* keys hold them.
        #expect(section.appBinding == AppBinding(label: ":accountTitle", enabled: ":showAccount"))
        #expect(section.title == nil)
        #expect(section.extensions["rmsform.enabled"] == nil && section.extensions["rmsform.properties"] == nil)
        let pin = section.fields[0]
        #expect(pin.id == "profile.pin" && pin.kind == .password && pin.isHidden)
        #expect(pin.appBinding == AppBinding(label: ":pinLabel"))
        #expect(pin.extensions["rmsform.properties"] == nil)
        let gender = section.fields[1]
        #expect(gender.id == "gender" && gender.options.isEmpty && !gender.isHidden)
        #expect(gender.appBinding == AppBinding(options: ":genders"))
        #expect(gender.extensions["rmsform.properties"] == nil)
        #expect(gender.extensions["rmsform.representedObject"] == .null)
        #expect(section.fields[2].kind == .text)
        let (json, ed) = try RMSFormEmitter(syntax: .json).emit(form)
        #expect(ed.items.isEmpty, "\(ed.items)")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rms-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        try expectSameDescriptor(url, json, json: true)
    }

    @Test func idsAreQualifiedAndUnique() throws {
        let text = """
        [{"rows": [
          {"className": "RMSTextEntryCell", "properties": {"representedObject": ":self", "keyPath": "name"}},
          {"className": "RMSTextEntryCell", "properties": {"representedObject": ":other", "keyPath": "name"}},
          {"className": "RMSTextEntryCell", "properties": {"representedObject": ":self", "keyPath": "other.name"}},
          {"className": "RMSButtonCell", "bindVariable": "save", "properties": {"selectorString": "save:"}},
          {"className": "RMSFormCell", "properties": {"labelText": "Hello"}}
        ]}]
        """
        let (form, d) = try RMSFormReader().read(text: text, name: "ids.json")
        #expect(form.allFields.map(\.id) == ["name", "other.name", "other.name_2", "save", "label1"])
        #expect(d.items.map(\.id) == ["rmsform.duplicate-id"])
        #expect(d.items.first?.location?.line == 4)
        #expect(form.field("save")?.actions == [.targetAction(target: nil, selector: "save:")])
    }

    @Test func customClassesAreKeptWithAWarning() throws {
        let text = """
        [{"className": "RMSRedSection", "rows": [{"className": "RMSHeightPickerCell",
          "properties": {"representedObject": ":profile", "keyPath": "height", "unit": "cm"}}]}]
        """
        let (form, d) = try RMSFormReader().read(text: text, name: "c.json")
        #expect(d.items.map(\.id) == ["rmsform.custom-class", "rmsform.custom-class"])
        #expect(d.items.map { $0.location?.line } == [1, 1])
        #expect(form.allFields[0].kind == .custom("RMSHeightPickerCell"))
        // The app draws the section with its own class: an AppBinding, not format data (issue 35).
        #expect(form.pages[0].sections[0].appBinding.cellClass == "RMSRedSection")
    }

    @Test func errorsCarryPositionsAndReadingGoesOn() throws {
        #expect(throws: ReadFailure.self) { _ = try RMSFormReader().read(text: "{\"rows\": []}", name: "o.json") }
        let text = """
        [
          "not a section",
          {"rows": {"className": "RMSFormCell"}},
          {"rows": [42, {"properties": {"labelText": "x"}}, {"className": "RMSSwitchCell", "colour": "red"}]}
        ]
        """
        let (form, d) = try RMSFormReader().read(text: text, name: "e.json")
        #expect(d.items.map(\.id) == ["rmsform.expected-dictionary", "rmsform.expected-array", "rmsform.expected-dictionary",
                                      "rmsform.missing-class", "rmsform.unknown-key"])
        #expect(d.items.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == ["2:3", "3:12", "4:13", "4:17", "4:84"])
        #expect(form.pages[0].sections.count == 2)
        #expect(form.allFields.count == 2)
    }
}

/// Truncated descriptors never crash the reader: each either reads or throws `ReadFailure`.
@Test func truncatedDescriptorsNeverCrash() throws {
    let bytes = try Paths.bytes(Paths.corpus.appendingPathComponent("RMSSettingsViewController.json"))
    var failures = 0
    for end in stride(from: 0, to: bytes.count, by: 23) {
        var d = Diagnostics()
        do { _ = try RMSFormReader().read(InputDocument(name: "cut.json", bytes: Array(bytes[..<end])), diagnostics: &d) }
        catch is ReadFailure { failures += 1 }
    }
    #expect(failures > 0)
}
