import Foundation
import Testing
import FormIR
import Expressions
import Emitters

/// Several rules on one row mean what docs/ir.md ("Several rules on one target") says: applied in
/// document order, the later winning where both apply. The written `hidden`/`disabled` predicates are
/// evaluated here, for every answer, by a small evaluator of their own and compared with that
/// documented meaning (worked out by hand per case, not by formconv).
@Suite struct RowSchemaRuleCombinationTests {
    static func isEqual(_ id: String, _ v: String) -> FormIR.Expression {
        .compare(.field(FieldReference(id)), .equal, .literal(.string(v)), StringOptions())
    }
    static let pickup = isEqual("delivery", "pickup")
    static let express = isEqual("speed", "express")

    /// The row's `hidden` or `disabled` value, as written.
    static func property(_ key: String, of id: String, rules: [Rule], hidden: Bool = false) throws -> Any? {
        let fields = [Field(id: "delivery", kind: .text), Field(id: "speed", kind: .text),
                      Field(id: "address", kind: .text, isHidden: hidden)]
        let form = Form(pages: [Page(sections: [Section(fields: fields)], isImplicit: true)], rules: rules)
        let (json, d) = RowSchema.emit(form)
        #expect(d.losses.isEmpty)
        let doc = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let rows = ((doc["sections"] as! [[String: Any]]).flatMap { $0["items"] as! [[String: Any]] })
        return rows.first { ($0["id"] as? String) == id }?[key]
    }

    /// Evaluates a row property for the answers `delivery` and `speed`.
    static func holds(_ value: Any?, delivery: String, speed: String) throws -> Bool {
        switch value {
        case nil: return false
        case let b as Bool: return b
        case let text as String:
            let e = try Predicate.parse(text, dialect: .rowPredicate)
            return evaluate(e, ["delivery": delivery, "speed": speed])
        default: Issue.record("unexpected value \(String(describing: value))"); return false
        }
    }

    static func evaluate(_ e: FormIR.Expression, _ answers: [String: String]) -> Bool {
        switch e {
        case .literal(.bool(let b)): return b
        case .and(let xs): return xs.allSatisfy { evaluate($0, answers) }
        case .or(let xs): return xs.contains { evaluate($0, answers) }
        case .not(let x): return !evaluate(x, answers)
        case .compare(.field(let ref), let op, .literal(.string(let s)), _):
            let v = answers[ref.id] ?? ""
            switch op {
            case .equal: return v == s
            case .notEqual: return v != s
            default: Issue.record("operator \(op)"); return false
            }
        default: Issue.record("expression \(e)"); return false
        }
    }

    static let answers = [("pickup", "express"), ("pickup", "normal"), ("post", "express"), ("post", "normal")]

    /// "hide for pick-up" then "show for express": hidden only for a pick-up that is not express
    /// (joining the hide conditions with OR hid it for every pick-up, and the show rule's negation
    /// hid it for every ordinary delivery).
    @Test func laterShowOverridesEarlierHide() throws {
        let hidden = try Self.property("hidden", of: "address", rules: [
            Rule(condition: Self.pickup, target: .field("address"), then: [.hide]),
            Rule(condition: Self.express, target: .field("address"), then: [.show]),
        ])
        for (delivery, speed) in Self.answers {
            #expect(try Self.holds(hidden, delivery: delivery, speed: speed) == (delivery == "pickup" && speed != "express"),
                    "\(delivery) \(speed)")
        }
    }

    /// A show rule without else on a shown row changes nothing; on a hidden row it shows it when it holds.
    @Test func showWithoutElse() throws {
        let rules = [Rule(condition: Self.express, target: .field("address"), then: [.show])]
        let shown = try Self.property("hidden", of: "address", rules: rules)
        let hidden = try Self.property("hidden", of: "address", rules: rules, hidden: true)
        for (delivery, speed) in Self.answers {
            #expect(try Self.holds(shown, delivery: delivery, speed: speed) == false)
            #expect(try Self.holds(hidden, delivery: delivery, speed: speed) == (speed != "express"))
        }
    }

    /// "disable for pick-up" then "enable for express, else disable": the later rule decides alone.
    @Test func laterRuleWithElseDecides() throws {
        let disabled = try Self.property("disabled", of: "address", rules: [
            Rule(condition: Self.pickup, target: .field("address"), then: [.disable]),
            Rule(condition: Self.express, target: .field("address"), then: [.enable], otherwise: [.disable]),
        ])
        for (delivery, speed) in Self.answers {
            #expect(try Self.holds(disabled, delivery: delivery, speed: speed) == (speed != "express"), "\(delivery) \(speed)")
        }
    }
}
