import Foundation
import Testing
import FormIR
import Readers

/// What reading a version 2 document reports: errors name the JSON path and stand where the value
/// is; keys the version does not define are warnings; what is left out takes its default.
@Suite struct DecodingErrorTests {
    /// The diagnostics of reading `text`, formatted; a thrown failure comes last.
    static func read(_ text: String) -> [String] {
        var d = Diagnostics()
        var failure: String?
        do {
            _ = try IRReader().read(InputDocument(name: "t.ir.json", bytes: Array(text.utf8)), diagnostics: &d)
        } catch let f as ReadFailure {
            failure = f.diagnostic.formatted()
        } catch {
            failure = "\(error)"
        }
        return d.items.map { $0.formatted() } + (failure.map { [$0] } ?? [])
    }

    @Test func missingKeyNamesThePathAtTheObject() {
        let text = """
        {"formconv-ir": 2, "pages": [{"sections": [{"fields": [
          {"id": "a"}]}]}]}
        """
        #expect(Self.read(text) == ["t.ir.json:2:3: error: missing key 'kind' at /pages/0/sections/0/fields/0 [ir.invalid]"])
    }

    @Test func wrongTypeStandsAtTheValue() {
        let text = """
        {"formconv-ir": 2,
         "pages": [{"isHidden": "yes"}]}
        """
        #expect(Self.read(text) == ["t.ir.json:2:25: error: expected a boolean, found a string at /pages/0/isHidden [ir.invalid]"])
    }

    @Test func unknownKeysAreWarningsAtTheKey() {
        let text = """
        {"formconv-ir": 2, "pages": [{"isHiden": true,
          "sections": [{"fields": [{"id": "a", "kind": "text", "texts": {"lable": "A"}}]}]}]}
        """
        #expect(Self.read(text) == [
            "t.ir.json:1:31: warning: unknown key 'isHiden' at /pages/0 (ignored) [ir.unknown-key]",
            "t.ir.json:2:66: warning: unknown key 'lable' at /pages/0/sections/0/fields/0/texts (ignored) [ir.unknown-key]",
        ])
    }

    @Test func everythingLeftOutTakesItsDefault() throws {
        let form = try IRReader.decode(Array(#"{"formconv-ir": 2, "pages": [{"sections": [{"fields": [{"id": "a", "kind": "text"}]}]}]}"#.utf8),
                                       name: "t.ir.json")
        #expect(form == Form(pages: [Page(sections: [Section(fields: [Field(id: "a", kind: .text)])])]))
        let explicit = """
        {"formconv-ir": 2, "isDisabled": false, "rules": [], "extensions": {}, "pages": [{"isHidden": false, "sections": [
          {"fields": [{"id": "a", "kind": "text", "actions": [], "validation": {"required": false}, "layout": {}}]}]}]}
        """
        #expect(try IRReader.decode(Array(explicit.utf8), name: "t.ir.json") == form, "defaults may also be written")
    }

    @Test func badValuesNameWhatWasExpected() {
        func error(_ json: String) -> String {
            Self.read(#"{"formconv-ir": 2, "pages": [{"sections": [{"fields": [\#(json)]}]}]}"#).last ?? ""
        }
        #expect(error(#"{"id": "a", "kind": "text", "at": "x"}"#).contains("expected a location 'line:column' or 'file:line:column', found 'x'"))
        #expect(error(#"{"id": "a", "kind": "text", "actions": ["explode"]}"#).contains("unknown action 'explode' at /pages/0/sections/0/fields/0/actions/0"))
        #expect(error(#"{"id": "a", "kind": "text", "actions": [{"linksTo": "b", "submit": {}}]}"#)
                .contains("expected an action: an object with one key, found 2 keys"))
        #expect(error(#"{"id": "a", "kind": "text", "validation": {"predicates": [{"condition": {"==": [1], "!=": [1, 2]}}]}}"#)
                .contains("an expression has one operator, found ==, !="))
        #expect(error(#"{"id": "a", "kind": "text", "validation": {"predicates": [{"condition": {"==": [1]}}]}}"#)
                .contains("expected [left, right], found 1 operands at /pages/0/sections/0/fields/0/validation/predicates/0/condition/=="))
        #expect(error(#"{"id": "a", "kind": "text", "validation": {"comparisons": [{"otherField": "b", "relation": "bigger"}]}}"#)
                .contains("unknown relation 'bigger'"))
        #expect(error(#"{"id": "a", "kind": "text", "defaultValue": {"date": 3}}"#)
                .contains("expected a string, found an integer at /pages/0/sections/0/fields/0/defaultValue/date"))
        #expect(error(#"{"id": "a", "kind": "text", "at": "9:7"}"#).contains("location '9:7' names no file, and the document has no 'file'"))
        #expect(Self.read(#"{"formconv-ir": 2, "extensions": {"a/b~": {"date": 1}}}"#)
                == ["t.ir.json:1:52: error: expected a string, found an integer at /extensions/a~1b~0/date [ir.invalid]"],
                "paths are JSON pointers")
    }

    @Test func otherVersionsAreRefusedAtTheVersion() {
        #expect(Self.read(#"{"formconv-ir": 3, "pages": []}"#)
                == ["t.ir.json:1:17: error: IR version 3 is not supported (this formconv reads versions 1 and 2) [ir.version]"])
        #expect(Self.read(#"{"formconv-ir": 2, "pages": {}}"#) == ["t.ir.json:1:29: error: expected an array, found an object at /pages [ir.invalid]"])
    }
}
