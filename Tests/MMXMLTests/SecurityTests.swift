import Foundation
import Testing
import FormIR
import MMXML

/// Entity attacks fail at their declarations with a clear error; external entities are never loaded.
@Suite struct MMXMLSecurityTests {
    private func failure(_ xml: String) -> Diagnostic? {
        do { _ = try Support.read(xml) } catch let f as ReadFailure { return f.diagnostic } catch {}
        return nil
    }

    @Test func billionLaughsFailsFast() {
        var dtd = "<!ENTITY lol \"lol\">\n"
        for i in 1...9 {
            let prev = i == 1 ? "lol" : "lol\(i - 1)"
            dtd += "<!ENTITY lol\(i) \"\(String(repeating: "&\(prev);", count: 10))\">\n"
        }
        let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE form [\n\(dtd)]>\n<form><page name=\"p\"><group name=\"g\"><item name=\"a\" type=\"label\"><text>&lol9;</text></item></group></page></form>"
        let d = failure(xml)
        #expect(d?.id == "mmxml.entity-expansion")
        #expect(d?.location?.line == 9)
    }

    @Test func quadraticBlowUpFailsFast() {
        let big = String(repeating: "x", count: 50_000)
        let refs = String(repeating: "&big;", count: 50_000)
        let xml = "<!DOCTYPE form [<!ENTITY big \"\(big)\">]><form a=\"\(refs)\"><page name=\"p\"/></form>"
        let d = failure(xml)
        #expect(d?.id == "mmxml.entity-expansion")
    }

    @Test func selfReferenceFails() {
        let xml = "<!DOCTYPE form [<!ENTITY a \"&b;\"><!ENTITY b \"&a;\">]><form><page name=\"p\"/></form>"
        let d = failure(xml)
        #expect(d?.id == "mmxml.entity-expansion")
    }

    @Test func externalDTDIsNotLoaded() throws {
        let xml = "<!DOCTYPE form SYSTEM \"http://127.0.0.1:9/form.dtd\"><form><page name=\"p\"><group name=\"g\"><item name=\"a\" type=\"label\"/></group></page></form>"
        let (form, _) = try Support.read(xml)
        #expect(form.field("a") != nil)
    }

    @Test func garbageNeverCrashes() {
        let inputs = ["", "<", "<form", "<form><page></form>", "\u{0}\u{1}", "<form>&undefined;</form>",
                      "<?xml version=\"1.0\"?>", "<form><page name=\"p\"><group><item name=\"a\" type=\"label\"><text encoding=\"base64\">====</text></item></group></page></form>"]
        for text in inputs {
            do { _ = try Support.read(text) } catch let f as ReadFailure { #expect(f.diagnostic.id.hasPrefix("mmxml.")) } catch {
                Issue.record("unexpected error \(error)")
            }
        }
    }
}

extension MMXMLSecurityTests {
    @Test func deepNestingFailsWithoutCrashing() {
        let xml = "<form><page name=\"p\"><group name=\"g\">" + String(repeating: "<x>", count: 50_000) + String(repeating: "</x>", count: 50_000) + "</group></page></form>"
        let d = failure(xml)
        #expect(d?.id == "mmxml.too-deep")
        #expect(d?.location?.line == 1)
    }
}

extension MMXMLSecurityTests {
    /// A name with a non-UTF-8 byte (FoundationXML used to trap on it) fails cleanly at that byte.
    @Test func invalidUTF8InANameFailsCleanly() {
        var bytes = Array("<form>\n<page name=\"p\"><group name=\"g\"><item name=\"a\" type=\"label\"/></group></page>\n<rangedNumberF".utf8)
        bytes += [0xD2]
        bytes += Array("eld/></form>".utf8)
        var d = Diagnostics()
        do {
            _ = try MMXMLReader().read(InputDocument(name: "bad.xml", bytes: bytes), diagnostics: &d)
            Issue.record("expected a failure")
        } catch let f as ReadFailure {
            #expect(f.diagnostic.id == "mmxml.malformed")
            #expect(f.diagnostic.location?.line == 3 && f.diagnostic.location?.column == 15)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
