import Foundation
import Testing
import FormIR
import FormConvKit

/// Reading descriptors: the IR each property becomes, and diagnostics with exact positions.
@Suite struct XLFormReaderTests {
    func read(_ text: String, _ d: inout Diagnostics, name: String = "t.xlform.json") throws -> Form {
        try Support.read(text: text, name: name, diagnostics: &d)
    }

    @Test func exampleMapsToTheIR() throws {
        var d = Diagnostics()
        let form = try Support.read(Support.examples.appendingPathComponent("event.xlform.json"), as: .xlform, diagnostics: &d)
        #expect(d.items.isEmpty)
        #expect(form.title?.defaultText == "Add Event")
        #expect(form.pages.count == 1 && form.pages[0].isImplicit && form.pages[0].sections.count == 6)
        let title = try #require(form.field("title"))
        #expect(title.kind == .text && title.validation.required && title.texts.placeholder?.defaultText == "Title")
        #expect(title.texts.missingMessage?.defaultText == "An event needs a title")
        let starts = try #require(form.field("starts"))
        #expect(starts.kind == .dateTime && starts.presentation == .inline && starts.defaultValue == .date("2026-01-15T09:00:00Z"))
        let repeatRow = try #require(form.field("repeat"))
        #expect(repeatRow.kind == .singleChoice && repeatRow.presentation == .push && repeatRow.options.count == 6)
        #expect(repeatRow.defaultValue == .int(0) && repeatRow.options[1].label?.defaultText == "Every Day")
        #expect(form.field("url")?.validation.patterns.first?.regex == "^https?://")
        let rule = try #require(form.rules.first)
        #expect(rule.target == .field("ends") && rule.then == [.disable] && rule.otherwise == [.enable])
        #expect(rule.condition == .compare(.field(FieldReference("starts")), .equal, .literal(.null)))
        #expect(rule.source?.dialect == .xlformPredicate && rule.location?.line == 43 && rule.location?.column == 23)
        #expect(title.location?.line == 6 && title.location?.column == 9)
    }

    @Test func multivaluedSectionsAndUntaggedRows() throws {
        var d = Diagnostics()
        let form = try read("""
        {"formSections": [{"multivaluedTag": "tags", "sectionOptions": 5, "sectionInsertMode": 2,
          "multivaluedRowTemplate": {"rowType": "text"},
          "formRows": [{"rowType": "text", "value": "a"}, {"rowType": "text", "value": "b"}]}]}
        """, &d)
        let s = form.pages[0].sections[0]
        let dyn = try #require(s.dynamic)
        #expect(dyn.allowsInsert && !dyn.allowsDelete && dyn.allowsReorder && dyn.idPrefix == "tags" && dyn.insertMode == "button")
        #expect(dyn.template?.kind == .text)
        #expect(s.fields.map(\.id) == ["tags0", "tags1"])
        #expect(s.fields.allSatisfy { $0.extensions["xlform.untagged"] == .bool(true) })
        #expect(d.items.isEmpty)
    }

    @Test func sectionPredicateBecomesARule() throws {
        var d = Diagnostics()
        let form = try read(#"{"formSections": [{"formRows": [{"tag": "on", "rowType": "booleanSwitch"}]}, {"hidden": "$on.value == 0", "formRows": []}]}"#, &d)
        let rule = try #require(form.rules.first)
        #expect(rule.target == .section("section1") && form.pages[0].sections[1].id == "section1")
        #expect(rule.then == [.hide] && rule.otherwise == [.show])
    }

    @Test func problemsAreReportedWithPositions() throws {
        var d = Diagnostics()
        let form = try read("""
        {
          "title": 3,
          "colour": "red",
          "formSections": [
            {
              "sectionOptions": 9,
              "formRows": [
                {"tag": "a", "rowType": "text", "required": "yes"},
                {"tag": "a", "rowType": "text"},
                {"tag": "b"},
                {"tag": "c", "rowType": "text", "hidden": "$a.value =="},
                {"tag": "d", "rowType": "myCell", "validators": [{"type": "luhn"}]}
              ]
            }
          ]
        }
        """, &d)
        func find(_ id: String) -> Diagnostic? { d.items.first { $0.id == id } }
        #expect(find("xlform.invalid-value")?.location?.line == 2)
        let unknown = try #require(find("xlform.unknown-key"))
        #expect(unknown.location?.line == 3 && unknown.location?.column == 3)
        #expect(d.items.contains { $0.id == "xlform.invalid-value" && $0.location?.line == 6 })
        #expect(d.items.contains { $0.id == "xlform.invalid-value" && $0.location?.line == 8 })
        #expect(find("xlform.duplicate-tag")?.location?.line == 9)
        let missing = try #require(find("xlform.missing-row-type"))
        #expect(missing.severity == .error && missing.location?.line == 10)
        let predicate = try #require(find("xlform.invalid-predicate"))
        #expect(predicate.location?.line == 11 && (predicate.location?.column ?? 0) > 40)
        #expect(find("xlform.custom-row-type")?.location?.line == 12)
        #expect(find("xlform.invalid-validator")?.location?.line == 12)
        // The unparsable predicate is kept verbatim and written back.
        #expect(form.field("c")?.extensions["xlform.hidden"] == .string("$a.value =="))
        #expect(form.allFields.map(\.id) == ["a", "a", "c", "d"])
        #expect(form.field("d")?.kind == .custom("myCell"))
    }

    @Test func notADescriptor() throws {
        var d = Diagnostics()
        let result = Converter.read(InputDocument(name: "x.json", text: "[1, 2]"), as: .xlform, diagnostics: &d)
        #expect(result == nil)
        #expect(d.errors.first?.id == "xlform.not-a-form")
        var e = Diagnostics()
        #expect(Converter.read(InputDocument(name: "x.json", text: "{\"formSections\": [}"), as: .xlform, diagnostics: &e) == nil)
        #expect(e.hasErrors && e.errors.first?.location?.file == "x.json")
    }

    /// plist value types survive: integer, real, boolean, date, data.
    @Test func plistValueTypesSurvive() throws {
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>formSections</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>formRows</key>
        \t\t\t<array>
        \t\t\t\t<dict><key>tag</key><string>r</string><key>rowType</key><string>decimal</string><key>value</key><real>2</real><key>height</key><real>44</real>
        \t\t\t\t<key>cellConfig</key><dict><key>a</key><integer>2</integer><key>b</key><true/><key>c</key><date>2024-01-02T03:04:05Z</date><key>d</key><data>AAEC</data></dict></dict>
        \t\t\t</array>
        \t\t</dict>
        \t</array>
        </dict>
        </plist>
        """
        var d = Diagnostics()
        let form = try read(plist, &d, name: "t.xlform.plist")
        let r = try #require(form.field("r"))
        #expect(r.defaultValue == .double(2))
        #expect(r.extensions["xlform.cellConfig"] == .object(["a": .int(2), "b": .bool(true), "c": .date("2024-01-02T03:04:05Z"), "d": .data("AAEC")]))
        let out = Support.text(try Support.emit(form, as: .xlformPlist, diagnostics: &d))
        for fragment in ["<real>2", "<real>44", "<integer>2</integer>", "<true/>", "<date>2024-01-02T03:04:05Z</date>", "<data>"] {
            #expect(out.contains(fragment), "\(fragment) missing from the plist output")
        }
        #expect(try read(out, &d, name: "again.plist") == form)
    }

    /// Truncated and corrupted input never crashes the reader.
    @Test func damagedInputNeverCrashes() throws {
        for name in ["event.xlform.json", "event.xlform.plist"] {
            let bytes = try Support.bytes(Support.examples.appendingPathComponent(name))
            for cut in stride(from: 0, to: bytes.count, by: 17) {
                var d = Diagnostics()
                _ = Converter.read(InputDocument(name: name, bytes: Array(bytes[..<cut])), as: .xlform, diagnostics: &d)
                var flipped = bytes
                flipped[cut] = flipped[cut] &+ 1
                _ = Converter.read(InputDocument(name: name, bytes: flipped), as: .xlform, diagnostics: &d)
            }
        }
    }

    /// Detection sends descriptor files to this reader.
    @Test func detection() throws {
        #expect(FormatDetector.detect(name: "event.xlform.json", bytes: try Support.bytes(Support.examples.appendingPathComponent("event.xlform.json"))) == .xlform)
        #expect(FormatDetector.detect(name: "event.xlform.plist", bytes: try Support.bytes(Support.examples.appendingPathComponent("event.xlform.plist"))) == .xlformPlist)
    }
}
