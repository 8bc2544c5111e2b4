import Testing
@testable import FormConvKit
import FormIR

/// Precision of the relationship rules on forms written in the shapes real MM XML forms use (the
/// language document, ../shared/specs/NOTES.md: variants per choice sharing a `submitName`, hidden
/// groups per payment method, `<show>THIS</show>`, production forms with hidden required items).
/// Every finding of these rules is marked expected or not: an unmarked finding is a false positive,
/// a marked one that does not appear is a miss, and only cases marked with an error may fail CI.
@Suite struct LintPrecisionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var page: String
        var relationships: String
        /// The findings the form should get: a rule, and a name its message quotes.
        var expected: [(rule: String, subject: String)]
        var testDescription: String { name }
    }

    static let rules: Set<String> = ["submission-key-collision", "possible-submission-key-collision", "required-always-hidden",
                                     "required-never-shown", "conflicting-visibility", "duplicate-name", "missing-target",
                                     "unknown-reference", "unknown-option-value", "conflicting-submission",
                                     "possible-relationship-conflict"]

    /// A whole form in the order real forms use: colours and margins, pages, relationships.
    static func form(_ page: String, _ relationships: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <form formPrefix="CH01" pdfType="custom">
          <requireditemcolor>#FFDAB9</requireditemcolor>
          <optionalitemcolor>#ADD8E6</optionalitemcolor>
          <leftFormMargin>20</leftFormMargin>
          <rightFormMargin>20</rightFormMargin>
          <pageWidth>678</pageWidth>
          <page name="donor">
        \(page)
          </page>
          <relationships>
        \(relationships)
          </relationships>
        </form>

        """
    }

    static func rel(_ object: String, _ condition: String, _ then: String, _ otherwise: String? = nil) -> String {
        "<relationship object=\"\(object)\"><condition>\(condition)</condition><if>\(then)</if>"
            + (otherwise.map { "<else>\($0)</else>" } ?? "") + "</relationship>"
    }
    static let show = "<show>THIS</show>", hide = "<hide>THIS</hide>"
    static let gender = """
        <item name="gender" type="radioControl" multiple="NO" required="YES">
          <tag value="Male">Male</tag><tag value="Female">Female</tag>
        </item>
        """
    static func titles(hidden: Bool = true) -> String {
        ["Male", "Female"].map {
            "<item name=\"title\($0)\" type=\"dropDown\"\(hidden ? " isHidden=\"YES\"" : "")><submitName>title</submitName>"
                + "<option value=\"A\">A</option><option value=\"B\">B</option></item>"
        }.joined(separator: "\n")
    }
    static func titleRelationships(withElse: Bool) -> String {
        ["Male", "Female"].map { rel("item::title\($0)", "gender == \"\($0)\"", show, withElse ? hide : nil) }.joined(separator: "\n")
    }
    static let countryAndState = """
        <item name="country" type="dropDown" required="YES">
          <option value="US">USA</option><option value="CA">Canada</option><option value="FR">France</option>
        </item>
        <item name="stateProv" type="textField" isHidden="YES"><label>State</label></item>
        """

    /// A gift amount and two thank-you items sharing a key, one per amount tier.
    static let tiers = """
        <group name="tiers"><item name="donation" type="textField" required="YES"><action>itemShouldNotify:</action></item>
          <item name="thanksSmall" type="dropDown" isHidden="YES"><submitName>thanks</submitName><option value="card">Card</option></item>
          <item name="thanksLarge" type="dropDown" isHidden="YES"><submitName>thanks</submitName><option value="mug">Mug</option></item></group>
        """

    /// A gender item whose tags show a short label and submit the full word, as real forms do.
    static let genderShortLabels = """
        <item name="gender" type="radioControl" multiple="NO" required="YES">
          <tag value="Male">M</tag><tag value="Female">F</tag>
        </item>
        <item name="maidenName" type="textField" isHidden="YES"/>
        """
    /// The maiden name shown for one gender, compared with the text the condition gives.
    static func maidenName(when condition: String, expected: [(rule: String, subject: String)]) -> Case {
        Case(name: "maiden name shown when \(condition)", page: "<group name=\"about\">\n\(genderShortLabels)\n</group>",
             relationships: rel("item::maidenName", condition, show, hide), expected: expected)
    }
    /// A province list that a relationship replaces for Canada.
    static let provinces = """
        <group name="where"><item name="country" type="dropDown" required="YES">
          <option value="CA">Canada</option><option value="FR">France</option></item>
          <item name="province" type="dropDown"><option value="none">None</option></item>
          <item name="gstNumber" type="textField" isHidden="YES"/></group>
        """
    static let paymentMethod = """
        <group name="method"><item name="paymentMethod" type="segmentedControl" required="YES">
          <tag value="DD">Direct debit</tag><tag value="CC">Credit card</tag></item>
          <item name="bankAccount" type="textField" isHidden="YES"/></group>
        """
    /// A mailing city skipped when it is the same as home.
    static let mailing = """
        <group name="mailing"><item name="country" type="dropDown" required="YES">
          <option value="US">USA</option><option value="FR">France</option></item>
          <item name="billingCountry" type="dropDown"><option value="US">USA</option><option value="FR">France</option></item>
          <item name="sameAsHome" type="checkbox"/>
          <item name="mailingCity" type="textField"/></group>
        """

    static let cases: [Case] = [
        Case(name: "title per gender, shown and hidden by one relationship each",
             page: "<group name=\"about\">\n\(gender)\n\(titles())\n</group>", relationships: titleRelationships(withElse: true),
             expected: []),
        Case(name: "bank or card group per payment method, one holder name each",
             page: """
             <group name="method"><item name="paymentMethod" type="segmentedControl" required="YES">
               <tag value="DD">Direct debit</tag><tag value="CC">Credit card</tag><tag value="AMEX">Amex</tag></item></group>
             <group name="bank" isHidden="YES"><item name="bankHolder" type="textField" required="YES"><submitName>holderName</submitName></item></group>
             <group name="card" isHidden="YES"><item name="cardHolder" type="textField" required="YES"><submitName>holderName</submitName></item></group>
             """,
             relationships: rel("group::bank", "paymentMethod == \"DD\"", show, hide) + "\n"
                + rel("group::card", "paymentMethod == \"CC\" OR paymentMethod == \"AMEX\"", show, hide),
             expected: []),
        Case(name: "two always-visible phones share a key",
             page: "<group name=\"contact\"><item name=\"homePhone\" type=\"textField\"><submitName>phone</submitName></item>\n"
                + "<item name=\"workPhone\" type=\"textField\"><submitName>phone</submitName></item></group>",
             relationships: "", expected: [("submission-key-collision", "workPhone")]),
        Case(name: "variants shown without an else stay shown after the choice changes",
             page: "<group name=\"about\">\n\(gender)\n\(titles())\n</group>", relationships: titleRelationships(withElse: false),
             expected: [("possible-submission-key-collision", "titleFemale")]),
        Case(name: "variants visible until an optional chooser is first set",
             page: "<group name=\"about\">\n\(gender.replacingOccurrences(of: " required=\"YES\"", with: ""))\n\(titles(hidden: false))\n</group>",
             relationships: titleRelationships(withElse: true),
             expected: [("possible-submission-key-collision", "titleFemale")]),
        Case(name: "mailing city skipped and a forced copy submitted when same as home",
             page: """
             <group name="address">
               <item name="homeCity" type="textField" required="YES"/>
               <item name="sameAsHome" type="checkbox" submitsValue="YES"/>
               <item name="mailingCity" type="textField"/>
               <item name="homeCityCopy" type="textField" isHidden="YES"><submitName>mailingCity</submitName></item>
             </group>
             """,
             relationships: [rel("item::mailingCity", "sameAsHome == \"YES\"", "<skip>THIS</skip>", "<submit>THIS</submit>"),
                             rel("item::homeCityCopy", "sameAsHome == \"YES\"", "<force>THIS</force>", "<skip>THIS</skip>"),
                             rel("item::homeCityCopy", "sameAsHome == \"YES\"", "<copy>homeCity</copy>")].joined(separator: "\n"),
             expected: []),
        Case(name: "production form: a required item left hidden and not forced",
             page: "<group name=\"legacy\"><item name=\"oldAccountNumber\" type=\"textField\" required=\"YES\" isHidden=\"YES\"/></group>",
             relationships: "", expected: [("required-never-shown", "oldAccountNumber")]),
        Case(name: "hidden forced total computed by evaluate",
             page: """
             <group name="amounts"><item name="gift" type="textField" required="YES"><action>itemShouldNotify:</action></item>
               <item name="extraGift" type="textField"/>
               <item name="total" type="textField" required="YES" isHidden="YES" forceSubmit="YES"/></group>
             """,
             relationships: rel("item::total", "gift BT 0", "<evaluate>gift+extraGift</evaluate>"), expected: []),
        Case(name: "hidden forced required item that nothing fills",
             page: "<group name=\"tracking\"><item name=\"campaignCode\" type=\"textField\" required=\"YES\" isHidden=\"YES\" forceSubmit=\"YES\"/></group>",
             relationships: "", expected: [("required-always-hidden", "campaignCode")]),
        Case(name: "required spouse name shown when married",
             page: """
             <group name="family"><item name="maritalStatus" type="dropDown" required="YES">
               <option value="single">Single</option><option value="married">Married</option></item>
               <item name="spouseName" type="textField" required="YES" isHidden="YES"/></group>
             """,
             relationships: rel("item::spouseName", "maritalStatus == \"married\"", show, hide), expected: []),
        Case(name: "required item in a hidden group the relationship shows",
             page: "<group name=\"consent\"><item name=\"minor\" type=\"checkbox\"/></group>\n"
                + "<group name=\"guardian\" isHidden=\"YES\"><item name=\"guardianName\" type=\"textField\" required=\"YES\"/></group>",
             relationships: rel("group::guardian", "minor == \"YES\"", show, hide), expected: []),
        Case(name: "required item shown only under a condition that never holds",
             page: "<group name=\"where\">\n\(countryAndState.replacingOccurrences(of: "isHidden=\"YES\"", with: "isHidden=\"YES\" required=\"YES\""))\n</group>",
             relationships: rel("item::stateProv", "country == \"US\" AND country == \"CA\"", show, hide),
             expected: [("required-never-shown", "stateProv")]),
        Case(name: "state shown by one relationship per country",
             page: "<group name=\"where\">\n\(countryAndState)\n</group>",
             relationships: rel("item::stateProv", "country == \"US\"", show, hide) + "\n" + rel("item::stateProv", "country == \"CA\"", show, hide),
             expected: [("conflicting-visibility", "stateProv")]),
        Case(name: "state shown by one relationship with OR",
             page: "<group name=\"where\">\n\(countryAndState)\n</group>",
             relationships: rel("item::stateProv", "country == \"US\" OR country == \"CA\"", show, hide), expected: []),
        Case(name: "gift tiers by amount that do not overlap",
             page: tiers,
             relationships: rel("item::thanksSmall", "donation LT 50", show, hide) + "\n" + rel("item::thanksLarge", "donation BT 100", show, hide),
             expected: []),
        Case(name: "gift tiers by amount that overlap",
             page: tiers,
             relationships: rel("item::thanksSmall", "donation LT 150", show, hide) + "\n" + rel("item::thanksLarge", "donation BT 100", show, hide),
             expected: [("submission-key-collision", "thanksLarge")]),
        Case(name: "a date's day component and a text field share a key",
             page: "<group name=\"born\"><item name=\"birthDate\" type=\"dateField\"/>\n"
                + "<item name=\"dayOfBirth\" type=\"textField\"><submitName>birthDateDay</submitName></item></group>",
             relationships: "", expected: [("submission-key-collision", "dayOfBirth")]),
        Case(name: "two visible address fields without a prefix: one finding for all six components",
             page: "<group name=\"addresses\"><item name=\"homeAddress\" type=\"addressField\"/>\n"
                + "<item name=\"workAddress\" type=\"addressField\"/></group>",
             relationships: "", expected: [("submission-key-collision", "'address1', 'address2', 'city', 'postalCode', 'stateProv' and 'country'")]),
        Case(name: "a relationship naming its target in another case leaves the required item unshown",
             page: "<group name=\"sponsor\"><item name=\"hasSponsor\" type=\"checkbox\"/>\n"
                + "<item name=\"sponsor1Address\" type=\"textField\" required=\"YES\" isHidden=\"YES\"/></group>",
             relationships: rel("item::sponsor1address", "hasSponsor == \"YES\"", show, hide),
             expected: [("missing-target", "sponsor1address"), ("required-never-shown", "sponsor1Address")]),
        maidenName(when: "gender == \"F\"", expected: [("unknown-option-value", "did you mean \"Female\"")]),
        maidenName(when: "gender == \"Female\"", expected: []),
        maidenName(when: "gender == \"Female\" OR gender == \"f\"", expected: [("unknown-option-value", "\"f\" (its values: \"Male\", \"Female\"), so comparing it with \"f\" never holds")]),
        Case(name: "payment method compared in another case with !=",
             page: paymentMethod,
             relationships: rel("item::bankAccount", "paymentMethod != \"cc\"", show, hide),
             expected: [("unknown-option-value", "always holds; did you mean \"CC\"")]),
        Case(name: "a value no option has, nor anything like it",
             page: paymentMethod,
             relationships: rel("item::bankAccount", "paymentMethod == \"SEPA\" OR paymentMethod == \"DD\"", show, hide),
             expected: [("unknown-option-value", "\"SEPA\" (its values: \"DD\", \"CC\")")]),
        Case(name: "comparing with the empty value checks that nothing is chosen",
             page: paymentMethod,
             relationships: rel("item::bankAccount", "paymentMethod != \"\"", show, hide), expected: []),
        Case(name: "a province compared with an option a relationship gives it",
             page: provinces,
             relationships: rel("item::province", "country == \"CA\"", "<option value=\"QC\">Québec</option><option value=\"ON\">Ontario</option>",
                                "<option value=\"none\">None</option>") + "\n" + rel("item::gstNumber", "province == \"QC\"", show, hide),
             expected: []),
        Case(name: "a province compared with a value neither its options nor a relationship's have",
             page: provinces,
             relationships: rel("item::province", "country == \"CA\"", "<option value=\"QC\">Québec</option><option value=\"ON\">Ontario</option>")
                + "\n" + rel("item::gstNumber", "province == \"BC\"", show, hide),
             expected: [("unknown-option-value", "\"none\", \"QC\", \"ON\"")]),
        Case(name: "a choice item filled by a copy may hold any value",
             page: mailing,
             relationships: rel("item::billingCountry", "sameAsHome == \"YES\"", "<copy>country</copy>") + "\n"
                + rel("item::mailingCity", "billingCountry == \"Canada\"", show, hide),
             expected: []),
        Case(name: "a value picker with a range of options is not checked",
             page: """
             <group name="kids"><item name="children" type="valuePicker"><options>0-5</options></item>
               <item name="childNames" type="textField" isHidden="YES"/></group>
             """,
             relationships: rel("item::childNames", "children == \"9\"", show, hide), expected: []),
        Case(name: "mailing city skipped when same as home, forced for one country",
             page: mailing,
             relationships: rel("item::mailingCity", "sameAsHome == \"YES\"", "<skip>THIS</skip>") + "\n"
                + rel("item::mailingCity", "country == \"US\"", "<force>THIS</force>"),
             expected: [("conflicting-submission", "item::mailingCity")]),
        Case(name: "a hidden copy skipped and submitted under overlapping conditions: skipSubmit has no effect while hidden",
             page: mailing.replacingOccurrences(of: "<item name=\"mailingCity\" type=\"textField\"/>",
                                                with: "<item name=\"mailingCity\" type=\"textField\" isHidden=\"YES\"/>"),
             relationships: rel("item::mailingCity", "sameAsHome == \"YES\"", "<skip>THIS</skip>") + "\n"
                + rel("item::mailingCity", "country == \"US\"", "<submit>THIS</submit>"),
             expected: []),
        Case(name: "mailing city skipped and forced for exclusive answers",
             page: mailing,
             relationships: rel("item::mailingCity", "sameAsHome == \"YES\"", "<skip>THIS</skip>") + "\n"
                + rel("item::mailingCity", "sameAsHome == \"NO\"", "<force>THIS</force>"),
             expected: []),
        Case(name: "mailing city hidden when two items agree and shown for one of them",
             page: mailing,
             relationships: rel("item::mailingCity", "country == billingCountry", hide) + "\n"
                + rel("item::mailingCity", "country == \"FR\"", show),
             expected: [("possible-relationship-conflict", "comparison between two items")]),
        Case(name: "a repeated item name stays a duplicate-name error, not a key collision",
             page: "<group name=\"contact\"><item name=\"email\" type=\"textField\"/>\n<item name=\"email\" type=\"textField\"/></group>",
             relationships: "", expected: [("duplicate-name", "email")]),
    ]

    @Test(arguments: cases)
    func findingsAreTheExpectedOnes(_ c: Case) {
        let text = Self.form(c.page, c.relationships)
        let findings = Linter.lint(InputDocument(name: "form.xml", text: text), format: .mmxml, options: LintOptions()).findings
        Self.expectExactly(c.expected, in: findings.filter { Self.rules.contains($0.id) })
        // CI fails only where a form is broken: errors only where an error rule is expected.
        let expectsError = c.expected.contains { LintRules.rule($0.rule)?.defaultSeverity == .error }
        #expect(findings.contains { $0.severity == .error } == expectsError, "\(findings.map { $0.formatted() })")
    }

    /// Records a false positive for each finding not `expected` (a rule, and a text its message quotes)
    /// and a miss for each expected one not found.
    static func expectExactly(_ expected: [(rule: String, subject: String)], in findings: [Diagnostic]) {
        var unmatched = expected
        for f in findings {
            if let i = unmatched.firstIndex(where: { $0.rule == f.id && f.message.contains($0.subject) }) {
                unmatched.remove(at: i)
            } else {
                Issue.record("false positive: \(f.formatted())")
            }
        }
        for m in unmatched { Issue.record("missed: \(m.rule) about '\(m.subject)'; got \(findings.map { $0.formatted() })") }
    }

    /// A migration reader may convert repeated names and dangling references with a warning (NOTES.md:
    /// "leave refusing to --strict and to lint"); lint still reports them as errors.
    @Test(arguments: ["mmxml.duplicate-name", "mmxml.unknown-target", "mmxml.unknown-reference"])
    func readerWarningsAboutBrokenNamesStayErrors(_ id: String) {
        let rule = LintRules.rule(forReaderDiagnostic: Diagnostic(.warning, id: id, "converted with a warning"))
        #expect(rule.defaultSeverity == .error, "\(id) → \(rule.id)")
    }
}
