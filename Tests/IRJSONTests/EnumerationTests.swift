import Foundation
import Testing
import DocumentTree
import FormIR
import Readers
import Emitters

/// Enumerations: a case without values is its name; a case with values is an object whose one key is
/// its name. Expressions are JSON scalars for literals and objects keyed by their operator.
@Suite struct EnumerationTests {
    static let expressions: [(FormIR.Expression, String)] = [
        (.compare(.field(FieldReference("country")), .equal, .literal(.string("CA"))), #"{"==":[{"field":"country"},"CA"]}"#),
        (.compare(.selfValue, .like, .literal(.string("a*")), StringOptions(caseInsensitive: true, diacriticInsensitive: true)),
         #"{"LIKE":[{"self":true},"a*"],"caseInsensitive":true,"diacriticInsensitive":true}"#),
        (.field(FieldReference("x", property: .isHidden)), #"{"field":"x","property":"isHidden"}"#),
        (.and([.literal(.bool(true)), .or([.literal(.null), .not(.literal(.number(2.5)))])]),
         #"{"and":[true,{"or":[null,{"not":2.5}]}]}"#),
        (.compare(.field(FieldReference("n")), .in, .list([.literal(.number(3)), .literal(.number(-1e300))])),
         #"{"IN":[{"field":"n"},{"list":[3,-1e+300]}]}"#),
        (.literal(.number(.infinity)), #"{"number":"+infinity"}"#),
    ]

    @Test(arguments: expressions.indices)
    func expressionsAreKeyedByOperator(_ i: Int) throws {
        let (expression, json) = Self.expressions[i]
        let field = Field(id: "a", kind: .text, validation: Validation(predicates: [PredicateRule(condition: expression)]))
        #expect(Documents.compact(try Documents.fieldNode(field)["validation"]?["predicates"]?[0]?["condition"]) == json)
        #expect(try Documents.roundTrip(Documents.form(field)) == Documents.form(field))
    }

    @Test func everyOperatorRoundTrips() throws {
        let predicates = ComparisonOperator.allCases.map {
            PredicateRule(condition: .compare(.selfValue, $0, .literal(.number(1))))
        }
        let form = Documents.form(Field(id: "a", kind: .text, validation: Validation(predicates: predicates)))
        #expect(try Documents.roundTrip(form) == form)
    }

    static let effects: [(Effect, String)] = [
        (.show, #""show""#), (.hide, #""hide""#), (.enable, #""enable""#), (.disable, #""disable""#),
        (.evaluate(.concatenate("a", connector: "", "b")), #"{"evaluate":{"concatenate":{"fields":["a","b"],"connector":""}}}"#),
        (.evaluate(.add("a", "b")), #"{"evaluate":{"add":["a","b"]}}"#),
        (.evaluate(.subtract("a", "b")), #"{"evaluate":{"subtract":["a","b"]}}"#),
        (.evaluate(.dateOffset(-10)), #"{"evaluate":{"dateOffset":-10}}"#),
        (.evaluate(.raw("x+")), #"{"evaluate":{"raw":"x+"}}"#),
        (.copy([CopySource(field: "a"), CopySource(field: "b", components: ["city"])]),
         #"{"copy":[{"field":"a"},{"field":"b","components":["city"]}]}"#),
        (.setOptions([Option(value: .int(1), label: "One")]), #"{"setOptions":[{"value":1,"label":"One"}]}"#),
        (.submission(.force), #"{"submission":"force"}"#),
        (.setText(LocalizedText("Hi", locale: "EN_US")), #"{"setText":{"EN_US":"Hi"}}"#),
        (.setChecked(false), #"{"setChecked":false}"#),
        (.setProperty(name: "size", value: .double(12)), #"{"setProperty":{"name":"size","value":12.0}}"#),
    ]

    @Test(arguments: effects.indices)
    func effectsAreNamesOrOneKeyObjects(_ i: Int) throws {
        let (effect, json) = Self.effects[i]
        let form = Documents.form(Field(id: "a", kind: .text), rules: [Rule(condition: nil, target: .field("a"), then: [effect])])
        #expect(Documents.compact(try Documents.tree(form)["rules"]?[0]?["then"]?[0]) == json)
        #expect(try Documents.roundTrip(form) == form)
    }

    static let targets: [(RuleTarget, String)] = [
        (.field("a"), #"{"field":"a"}"#), (.section("s"), #"{"section":"s"}"#), (.page("p"), #"{"page":"p"}"#), (.form, #""form""#),
    ]

    @Test(arguments: targets.indices)
    func ruleTargets(_ i: Int) throws {
        let (target, json) = Self.targets[i]
        let form = Documents.form(Field(id: "a", kind: .text), rules: [Rule(condition: nil, target: target, then: [])])
        #expect(Documents.compact(try Documents.tree(form)["rules"]?[0]) == "{\"target\":\(json)}")
        #expect(try Documents.roundTrip(form) == form)
    }

    static let actions: [(Action, String)] = [
        (.notify, #""notify""#), (.submit, #""submit""#), (.linksTo(field: "email"), #"{"linksTo":"email"}"#),
        (.sumItems(mode: "EQ", bounds: [100, 0.5], fields: ["a", "b"], autofill: false),
         #"{"sumItems":{"mode":"EQ","bounds":[100,0.5],"fields":["a","b"],"autofill":false}}"#),
        (.sumItems(mode: "MAXMIN", bounds: [], fields: [], autofill: nil), #"{"sumItems":{"mode":"MAXMIN","bounds":[],"fields":[]}}"#),
        (.navigate(Navigation(storyboardId: "s", presentation: "push")), #"{"navigate":{"storyboardId":"s","presentation":"push"}}"#),
        (.navigate(Navigation()), #"{"navigate":{}}"#),
        (.openURL("https://example.com/"), #"{"openURL":"https://example.com/"}"#),
        (.targetAction(target: nil, selector: "go:"), #"{"targetAction":{"selector":"go:"}}"#),
        (.client(name: "UFUx", argument: "1"), #"{"client":{"name":"UFUx","argument":"1"}}"#),
    ]

    @Test(arguments: actions.indices)
    func actionsAreNamesOrOneKeyObjects(_ i: Int) throws {
        let (action, json) = Self.actions[i]
        let field = Field(id: "a", kind: .button, actions: [action])
        #expect(Documents.compact(try Documents.fieldNode(field)["actions"]?[0]) == json)
        #expect(try Documents.roundTrip(Documents.form(field)) == Documents.form(field))
    }

    static let dateEncodings: [(Submission.DateEncoding, String)] = [
        (.components, #""components""#), (.unix("YES"), #"{"unix":"YES"}"#), (.formatted("yyyy"), #"{"formatted":"yyyy"}"#),
    ]

    @Test(arguments: dateEncodings.indices)
    func dateEncodingsAreNamesOrOneKeyObjects(_ i: Int) throws {
        let (encoding, json) = Self.dateEncodings[i]
        let field = Field(id: "a", kind: .date, submission: Submission(dateEncoding: encoding, submitsValue: false,
                                                                       partClone: .init(count: -4, key: "k"),
                                                                       overrides: [.init(value: "15", text: "HOUSE")]))
        let node = try Documents.fieldNode(field)["submission"]
        #expect(Documents.compact(node) == "{\"dateEncoding\":\(json),\"submitsValue\":false,\"partClone\":{\"count\":-4,\"key\":\"k\"},"
                + #""overrides":[{"value":"15","text":"HOUSE"}]}"#)
        #expect(try Documents.roundTrip(Documents.form(field)) == Documents.form(field))
    }
}
