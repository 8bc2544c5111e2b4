import Testing
import FormIR
@testable import MMXML

/// What the reader works out once per element name (item attribute meaning, item tag spelling) and
/// how it compares languages, each against the rule it replaced, on every name a form may write.
@Suite struct MMXMLReadSessionNameTests {
    /// Names to try: every known tag, legacy and obsolete spelling and attribute, in other cases, and
    /// names that mean nothing (some beyond ASCII).
    static let names: [String] = {
        var names = ["form", "page", "group", "item", "name", "type", "value", "language", "encoding", "relationship",
                     "condition", "message", "unknown", "", "x", "Label", "LABEL", "lAbEl", "İmage", "optİon", "tağ",
                     "ſize", "KOLUMNS", "straße", "STRASSE", "ÉTIQUETTE", "label ", " label"]
        names += ["required", "isHidden", "bleeds", "skipSubmit", "forceSubmit", "editable", "submitsValue", "submitAlerts",
                  "mustValidate", "forceReceipt", "submitsFlag", "receipt", "password", "multiple", "isChecked"]
        names += Array(Legacy.obsoleteAttributes) + Array(Legacy.obsoleteElements)
        names += Array(Legacy.tagNames.keys) + Array(Legacy.tagNames.values)
        let tags = ["fontColor", "isColor", "legalText", "requiredValue", "values", "action", "actionArg", "align", "bgcolor",
                    "buttonPosition", "columns", "country", "defaultDate", "defaultValue", "desiredCountryCode", "detailLabel",
                    "formatting", "height", "image", "inlineLabel", "keyboardtype", "label", "maxAgeRestriction", "maxlength",
                    "maxRequiredItems", "maxValue", "maxYearRestriction", "minAgeRestriction", "minlength", "minRequiredItems",
                    "minValue", "minYearRestriction", "numberOfLines", "onerror", "onmissing", "option", "options", "order",
                    "override", "partClone", "path", "placeholder", "posfix", "position", "prefix", "regex", "regexmessage",
                    "size", "sizeY", "string", "submitName", "tag", "text", "textColor", "textSize", "unix", "validation",
                    "validationService", "width"]
        names += tags
        for n in Array(names) { names += [n.lowercased(), n.uppercased(), n.prefix(1).uppercased() + n.dropFirst()] }
        return names
    }()

    /// The attribute meaning as a `switch` on the name read it.
    static func switchedAttribute(_ name: String) -> ReadSession.ItemAttribute {
        switch name {
        case "required": .required
        case "isHidden": .isHidden
        case "bleeds": .bleeds
        case "skipSubmit": .skipSubmit
        case "forceSubmit": .forceSubmit
        case "editable": .editable
        case "submitsValue": .submitsValue
        case "submitAlerts", "mustValidate", "forceReceipt", "submitsFlag": .extensionFlag
        case "receipt": .receipt
        case "password": .password
        case "multiple": .multiple
        case "isChecked": .isChecked
        case _ where Legacy.obsoleteAttributes.contains(name): .obsolete
        default: .other
        }
    }

    @Test func attributeMeaningsAreTheSwitchedOnes() {
        for name in Self.names {
            #expect(ReadSession.ItemAttribute(name) == Self.switchedAttribute(name), "\(name.debugDescription)")
        }
    }

    @Test func tagSpellingsAreTheFullRulesOnes() {
        for name in Self.names {
            let read = ReadSession.itemTagSpelling(name), rule = ReadSession.spelling(of: name)
            #expect(read.legacyModern == rule.legacyModern, "\(name.debugDescription)")
            #expect(read.isObsolete == rule.isObsolete, "\(name.debugDescription)")
            #expect(read.name == rule.name, "\(name.debugDescription)")
            #expect(read.slot == rule.slot, "\(name.debugDescription)")
            #expect(read.tag == rule.tag, "\(name.debugDescription)")
        }
    }

    @Test func languagesCompareAsTheirLowercasedForms() {
        // Letters whose lower-casing is not one ASCII step, or maps several letters to one.
        let letters = ["a", "A", "z", "Z", "_", "-", "é", "É", "ß", "ẞ", "İ", "i", "I", "ı", "Σ", "σ", "ς", "K", "k", "\u{212A}",
                       "ǅ", "ǆ", "Ǆ", "Ω", "\u{2126}", "ﬀ", "Å", "\u{212B}", "ԛ", "Ԛ", "\u{0301}"]
        var tags = letters
        for a in letters { for b in letters { tags.append(a + b) } }
        tags += ["fr_CA", "FR_ca", "Fr_Ca", "de", "DE", "ℹfr", "FRℹ"]
        for a in tags.prefix(200) {
            for b in tags where sameLanguage(a, b) != (a.lowercased() == b.lowercased()) {
                Issue.record("\(a.debugDescription) vs \(b.debugDescription)")
            }
        }
        #expect(sameLanguage(nil, nil))
        #expect(!sameLanguage("fr", nil) && !sameLanguage(nil, "fr"))
        #expect(sameLanguage("FR_ca", "fr_CA") && sameLanguage("İ", "i\u{0307}") && !sameLanguage("ß", "SS"))
    }

    /// An option's attributes, read in one pass: the value, the language and the encoding each count,
    /// any other is reported where it is written.
    @Test func optionAttributesReadInOnePass() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <form name="f">
        <item name="a" type="dropDown"><option value="1">One</option>\
        <option langauge="FR" value="2" encoding="base64" language=" FR_CA ">RGV1eA==</option>\
        <option value="1" language="fr_ca">Un</option><tag value="3" bogus="x">Three</tag></item>
        </form>
        """
        let (form, ds) = try Support.read(xml)
        let options = try #require(form.field("a")?.options)
        #expect(options.map(\.value) == [.string("1"), .string("2"), .string("3")])
        #expect(options[0].label?.entries.map(\.text) == ["One", "Un"])
        #expect(options[0].label?.entries.map(\.locale) == [nil, "fr_ca"])
        #expect(options[1].label?.entries.map(\.text) == ["Deux"])
        #expect(options[1].label?.entries.map(\.locale) == ["FR_CA"])
        #expect(Support.summary(ds) == ["3:70 mmxml.unknown-attribute", "3:209 mmxml.unknown-attribute"])
        #expect(ds.first?.message.contains("did you mean 'language'") == true)
    }
}
