import Testing
import FormIR
import Readers

/// Reader errors carry file:line:col, and the reader keeps going where it can.
@Suite struct ShinobiReaderErrorTests {
    func ids(_ d: Diagnostics) -> [String] { d.items.map(\.id) }

    @Test func malformedXMLThrowsWithPosition() throws {
        let text = "<form>\n  <sections>\n    <section>\n  </sections>\n</form>\n"
        do {
            _ = try ShinobiReader().read(text: text, name: "bad.xml")
            Issue.record("malformed XML was accepted")
        } catch let failure as ReadFailure {
            #expect(failure.diagnostic.id == "shinobi.malformed-xml")
            #expect(failure.diagnostic.location?.file == "bad.xml")
            #expect(failure.diagnostic.location?.line == 4)
        }
    }

    /// Found by fuzzing: a start tag with a valueless attribute crashed inside FoundationXML.
    @Test func valuelessAttributeFailsCleanly() throws {
        let text = "<form>\n  <sections>\n    <section>\n      <fields>\n        <t OR extNotEmptyValidator/>\n"
            + "      </fields>\n    </section>\n  </sections>\n</form>\n"
        do {
            _ = try ShinobiReader().read(text: text, name: "fuzz.xml")
            Issue.record("malformed XML was accepted")
        } catch let failure as ReadFailure {
            #expect(failure.diagnostic.id == "shinobi.malformed-xml")
            #expect(failure.diagnostic.location?.line == 5)
            #expect(failure.diagnostic.location?.column == 15)
            #expect(failure.diagnostic.message.contains("OR"))
        }
    }

    @Test func entityDeclarationsAreRefused() throws {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE form [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<form/>\n"
        #expect(throws: ReadFailure.self) { _ = try ShinobiReader().read(text: text) }
    }

    @Test func rootMustBeForm() throws {
        #expect(throws: ReadFailure.self) { _ = try ShinobiReader().read(text: "<sections/>") }
    }

    @Test func unknownElementsMissingAndDuplicateNames() throws {
        let text = """
        <form>
          <sections>
            <section>
              <fields>
                <textField name="a"><colour>red</colour></textField>
                <textField><title>No name</title></textField>
                <emailField name="a"/>
                <sliderField name="s"/>
              </fields>
            </section>
          </sections>
        </form>
        """
        let (form, d) = try ShinobiReader().read(text: text)
        #expect(ids(d) == ["shinobi.unknown-element", "shinobi.missing-name", "shinobi.duplicate-name",
                           "shinobi.unknown-element"])
        #expect(d.items.map { $0.location.map { "\($0.line):\($0.column)" } ?? "" } == ["5:29", "6:9", "7:9", "8:9"])
        #expect(form.allFields.map(\.id) == ["a", "field2", "a_2"])
    }

    @Test func choiceIndexOutOfRange() throws {
        let text = """
        <form><sections><section><fields>
        <choiceField name="c"><value>3</value><choices><choice>x</choice><choice>y</choice></choices></choiceField>
        <pickerField name="p"><values><value>x</value></values><options><component><option>a</option></component></options></pickerField>
        </fields></section></sections></form>
        """
        let (form, d) = try ShinobiReader().read(text: text)
        #expect(ids(d) == ["shinobi.choice-index-out-of-range", "shinobi.invalid-index"])
        #expect(d.items[0].location?.line == 2 && d.items[0].location?.column == 23)
        #expect(form.field("c")?.defaultValue == nil && form.field("c")?.options.count == 2)
    }

    @Test func unknownReferencesAndBadValuesWarn() throws {
        let text = """
        <form><sections><section><fields>
        <numberField name="n"><validators><textComparisonValidator><toCompare>ghost</toCompare>
        <validResult>SFormComparisonRuleEqual</validResult></textComparisonValidator></validators><value>abc</value></numberField>
        </fields></section></sections><fieldGroups><fieldGroup><fieldName>nobody</fieldName></fieldGroup></fieldGroups></form>
        """
        let (form, d) = try ShinobiReader().read(text: text)
        #expect(ids(d) == ["shinobi.invalid-value", "shinobi.unknown-field-reference", "shinobi.unknown-field-reference"])
        #expect(d.items.allSatisfy { $0.severity == .warning })
        #expect(form.field("n")?.defaultValue == .string("abc"))
    }

    @Test func requiredSpellingsRoundTripThroughExtensions() throws {
        let text = """
        <form><sections><section><fields>
        <textField name="a"><required>false</required><validators><textNotEmptyValidator/></validators></textField>
        <textField name="b"><required>true</required></textField>
        <booleanField name="c"><value>YES</value></booleanField>
        </fields></section></sections></form>
        """
        let (form, d) = try ShinobiReader().read(text: text)
        #expect(d.items.isEmpty)
        #expect(form.field("a")?.validation.required == true)
        #expect(form.field("a")?.extensions["shinobi.required"] == .string("false"))
        #expect(form.field("b")?.extensions["shinobi.notEmptyValidator"] == .bool(false))
        #expect(form.field("c")?.defaultValue == .bool(true))
    }
}

/// Truncated and mangled documents never crash the reader: each either reads or throws `ReadFailure`.
@Test func truncatedDocumentsNeverCrash() throws {
    let bytes = try Paths.bytes(Paths.examples.appendingPathComponent("payment.shinobi.xml"))
    var failures = 0
    for end in stride(from: 0, to: bytes.count, by: 37) {
        var d = Diagnostics()
        do { _ = try ShinobiReader().read(InputDocument(name: "cut.xml", bytes: Array(bytes[..<end])), diagnostics: &d) }
        catch is ReadFailure { failures += 1 }
    }
    #expect(failures > 0)
    var mangled = bytes
    for i in stride(from: 5, to: mangled.count, by: 53) { mangled[i] = UInt8(ascii: "<") }
    var d = Diagnostics()
    #expect(throws: ReadFailure.self) { _ = try ShinobiReader().read(InputDocument(name: "m.xml", bytes: mangled), diagnostics: &d) }
}
