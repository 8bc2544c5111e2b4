import Testing
@testable import FormIR

/// The walk asks the sink once per feature and skips a field's part none of whose features it wants:
/// what it reports of a feature must not depend on which other features the sink wants.
@Suite struct FeatureWalkTests {
    static let text = LocalizedText([.init(locale: "en", text: "A"), .init(locale: "fr", text: "B")])

    /// A field using every per-field feature, and a rule using several effects.
    static let form = Form(
        title: text,
        pages: [Page(id: "p", title: text, sections: [Section(id: "g", title: text, fields: [
            Field(id: "all", kind: .singleChoice, presentation: .dropDown,
                  texts: FieldTexts(label: text, detail: text, inlineLabel: text, placeholder: text, missingMessage: text,
                                    body: text, emptyText: text, selectorTitle: text),
                  options: [Option(value: .string("v"), label: text, image: "i.png")],
                  allowsMultiple: true, defaultValue: .string("v"),
                  validation: Validation(required: true, minLength: 1, maxLength: 2, minValue: 1, maxValue: 2,
                                         patterns: [PatternRule(regex: "x", message: text)],
                                         named: [.usPhoneNumber],
                                         predicates: [PredicateRule(condition: .literal(.bool(true)), message: text)],
                                         comparisons: [FieldComparison(otherField: "b", relation: .equal)],
                                         minAge: 1, maxYear: 2000, minDate: "2000-01-01", minSelected: 1,
                                         requiredValue: .bool(true)),
                  isHidden: true, isDisabled: true,
                  layout: Layout(position: "top", size: 2, columns: 2, bleeds: true, numberOfLines: 3, buttonPosition: "left"),
                  style: Style(textColor: "red", textSize: 12, alignment: "left", keyboard: "number", cssClass: "c"),
                  formatting: Formatting(dateFormat: "yyyy"),
                  actions: [.notify, .linksTo(field: "b"), .submit, .openURL("u"), .targetAction(target: nil, selector: "s"),
                            .client(name: "n", argument: nil)],
                  submission: Submission(key: "k", skip: true, dateEncoding: .components, prefix: "p", submitsValue: true,
                                         countryCode: "FR", whenHidden: .cleared),
                  appBinding: AppBinding(options: ":o", label: ":l", enabled: ":e", properties: ["x": ":y"], cellClass: "C")),
            Field(id: "b", kind: .text),
        ])])],
        rules: [Rule(condition: nil, target: .field("all"), then: [.show, .disable, .copy([CopySource(field: "b")])],
                     otherwise: [.hide])])

    @Test func featureOrdinalIsItsPlaceInAllCases() {
        for (i, f) in Feature.allCases.enumerated() {
            #expect(f.ordinal == i)
            #expect(Feature(rawValue: f.rawValue) == f)
        }
        #expect(Set(Feature.allCases).count == Feature.allCases.count)
        #expect(Set(Feature.allCases.map(\.hashValue)).count > Feature.allCases.count / 2)
    }

    /// Every feature the form uses is found when only it is wanted, with the same places and words as
    /// when every feature is.
    @Test func eachFeatureIsFoundAlone() {
        let every = FeatureScan.uses(in: Self.form)
        let used = Set(every.map(\.feature))
        #expect(used.count > 60)
        for f in Feature.allCases {
            let alone = FeatureScan.uses(in: Self.form) { $0 == f }
            #expect(alone == every.filter { $0.feature == f }, "\(f)")
        }
    }

    /// Wanting none of a part's features gives the same uses of the others as wanting all.
    @Test func allButOneFeature() {
        let every = FeatureScan.uses(in: Self.form)
        for f in Feature.allCases {
            let rest = FeatureScan.uses(in: Self.form) { $0 != f }
            #expect(rest == every.filter { $0.feature != f }, "\(f)")
        }
    }
}
