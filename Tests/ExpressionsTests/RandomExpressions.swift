import FormIR
import FormConvTestSupport

/// Random ASTs in the shape each language can say.
struct RandomExpressions {
    var rng: SplitMix64

    private mutating func pick<T>(_ xs: [T]) -> T { xs.randomElement(using: &rng)! }
    private mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

    static let tags = ["a", "b2", "_x", "firstName", "AND", "in", "SELF", "value", "tag_9"]
    static let stringPieces = ["a", "Z", " ", "'", "\"", "\\", "\n", "\t", "\r", "é", "日本", "🙂", "\u{1}", "$x", "%@", "{", "]", "\\d"]

    mutating func string() -> String {
        (0..<Int.random(in: 0...5, using: &rng)).map { _ in pick(Self.stringPieces) }.joined()
    }

    mutating func number() -> Double {
        switch Int.random(in: 0...4, using: &rng) {
        case 0: return Double(Int.random(in: -1000...1000, using: &rng))
        case 1: return Double(Int.random(in: -99999...99999, using: &rng)) / 100
        case 2: return Double.random(in: -1e300...1e300, using: &rng)
        case 3: return Double.random(in: -1e-6...1e-6, using: &rng)
        default: return pick([0, 0.1, 1e15, 123456789012345.6, -0.5])
        }
    }

    // MARK: NSPredicate

    mutating func predicate(depth: Int) -> Expression {
        let roll = depth <= 0 ? Int.random(in: 0...5, using: &rng) : Int.random(in: 0...9, using: &rng)
        switch roll {
        case 0: return .literal(.bool(chance(0.5)))
        case 1...5: return comparison()
        case 6: return .not(predicate(depth: depth - 1))
        case 7: return .and((0..<Int.random(in: 0...4, using: &rng)).map { _ in predicate(depth: depth - 1) })
        default: return .or((0..<Int.random(in: 0...4, using: &rng)).map { _ in predicate(depth: depth - 1) })
        }
    }

    mutating func comparison() -> Expression {
        let op = pick(ComparisonOperator.allCases)
        let options = StringOptions(caseInsensitive: chance(0.3), diacriticInsensitive: chance(0.3))
        let right: Expression
        switch op {
        case .between: right = .list([value(), value()])
        case .in: right = chance(0.3) ? fieldReference() : .list((0..<Int.random(in: 0...3, using: &rng)).map { _ in value() })
        default: right = value()
        }
        return .compare(value(), op, right, options)
    }

    mutating func fieldReference() -> Expression {
        let property = pick([FieldReference.Property.value, .value, .isHidden, .isDisabled])
        return .field(FieldReference(pick(Self.tags), property: property))
    }

    mutating func value() -> Expression {
        switch Int.random(in: 0...6, using: &rng) {
        case 0, 1: return fieldReference()
        case 2: return .selfValue
        case 3: return .literal(.string(string()))
        case 4: return .literal(.number(number()))
        case 5: return .literal(chance(0.5) ? .bool(chance(0.5)) : .null)
        default: return .list((0..<Int.random(in: 0...2, using: &rng)).map { _ in .literal(.number(number())) })
        }
    }

    // MARK: MM conditions

    static let itemNames = ["citizenship", "age", "gender", "item_1", "x-y", "a.b", "5x"]

    mutating func condition(depth: Int) -> Expression {
        let roll = depth <= 0 ? 0 : Int.random(in: 0...4, using: &rng)
        switch roll {
        case 0, 1, 2:
            let op = pick([ComparisonOperator.equal, .notEqual, .greater, .less])
            return .compare(mmOperand(), op, mmOperand())
        case 3: return .and((0..<Int.random(in: 2...3, using: &rng)).map { _ in condition(depth: depth - 1) })
        default: return .or((0..<Int.random(in: 2...3, using: &rng)).map { _ in condition(depth: depth - 1) })
        }
    }

    mutating func mmOperand() -> Expression {
        switch Int.random(in: 0...2, using: &rng) {
        case 0: return .field(FieldReference(pick(Self.itemNames)))
        case 1: return .literal(.string(String(string().filter { $0 != "\"" })))
        default: return .literal(.number(number()))
        }
    }
}
