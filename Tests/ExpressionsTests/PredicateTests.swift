import FormIR
import Testing
@testable import Expressions

@Suite struct PredicateTests {
    static let dialects: [ExpressionDialect] = [.rowPredicate, .xlformPredicate]
    static let ci = StringOptions(caseInsensitive: true)
    static let di = StringOptions(diacriticInsensitive: true)
    static let cdi = StringOptions(caseInsensitive: true, diacriticInsensitive: true)

    /// Canonical row-dialect text and its AST, one per operator, option, operand and literal.
    static let canonical: [(String, Expression)] = [
        ("$a == 1", .compare(field("a"), .equal, num(1))),
        ("$a != 'x'", .compare(field("a"), .notEqual, str("x"))),
        ("$a < -2.5", .compare(field("a"), .less, num(-2.5))),
        ("$a > 0.125", .compare(field("a"), .greater, num(0.125))),
        ("$a <= 10", .compare(field("a"), .lessOrEqual, num(10))),
        ("$a >= 1e+20", .compare(field("a"), .greaterOrEqual, num(1e20))),
        ("$a BETWEEN {1, 5}", .compare(field("a"), .between, .list([num(1), num(5)]))),
        ("$a IN {'a', 'b'}", .compare(field("a"), .in, .list([str("a"), str("b")]))),
        ("$a IN {}", .compare(field("a"), .in, .list([]))),
        ("$a IN $choices", .compare(field("a"), .in, field("choices"))),
        ("$a CONTAINS 'x'", .compare(field("a"), .contains, str("x"))),
        ("$a BEGINSWITH 'x'", .compare(field("a"), .beginsWith, str("x"))),
        ("$a ENDSWITH 'x'", .compare(field("a"), .endsWith, str("x"))),
        ("$a LIKE 'x*'", .compare(field("a"), .like, str("x*"))),
        ("SELF MATCHES '\\\\d+'", .compare(.selfValue, .matches, str("\\d+"))),
        ("$a CONTAINS[c] 'x'", .compare(field("a"), .contains, str("x"), ci)),
        ("$a ==[d] 'é'", .compare(field("a"), .equal, str("é"), di)),
        ("$a LIKE[cd] 'x'", .compare(field("a"), .like, str("x"), cdi)),
        ("$a IN[c] {'x'}", .compare(field("a"), .in, .list([str("x")]), ci)),
        ("$a.isHidden == TRUE", .compare(field("a", .isHidden), .equal, .literal(.bool(true)))),
        ("$a.isDisabled == FALSE", .compare(field("a", .isDisabled), .equal, .literal(.bool(false)))),
        ("$a == nil", .compare(field("a"), .equal, .literal(.null))),
        ("$a == $b", .compare(field("a"), .equal, field("b"))),
        ("SELF < 10", .compare(.selfValue, .less, num(10))),
        ("$a == 'it\\'s \"q\"\\n\\t\\\\'", .compare(field("a"), .equal, str("it's \"q\"\n\t\\"))),
        ("$a == '\\u0001'", .compare(field("a"), .equal, str("\u{1}"))),
        ("NOT $a == 1", .not(.compare(field("a"), .equal, num(1)))),
        ("$a == 1 AND $b == 2", .and([.compare(field("a"), .equal, num(1)), .compare(field("b"), .equal, num(2))])),
        ("$a == 1 OR $b == 2", .or([.compare(field("a"), .equal, num(1)), .compare(field("b"), .equal, num(2))])),
        ("TRUEPREDICATE", .literal(.bool(true))),
        ("FALSEPREDICATE", .literal(.bool(false))),
    ]

    @Test func everyOperatorRoundTripsInBothDialects() throws {
        for (text, expected) in Self.canonical {
            #expect(try Predicate.parse(text, dialect: .rowPredicate) == expected, "\(text)")
            #expect(Predicate.print(expected, dialect: .rowPredicate) == text)
            for dialect in Self.dialects {
                let printed = Predicate.print(expected, dialect: dialect)
                #expect(try Predicate.parse(printed, dialect: dialect) == expected, "\(printed)")
                #expect(Predicate.expressible(expected, dialect: dialect))
            }
        }
    }

    @Test func xlformDialectWritesValueSuffix() throws {
        let e = Expression.and([
            .compare(field("a"), .equal, num(1)),
            .compare(field("b", .isHidden), .equal, .literal(.bool(false))),
        ])
        #expect(Predicate.print(e, dialect: .xlformPredicate) == "$a.value == 1 AND $b.isHidden == FALSE")
        #expect(Predicate.print(e, dialect: .rowPredicate) == "$a == 1 AND $b.isHidden == FALSE")
        // Both spellings of the value read the same in both dialects.
        for dialect in Self.dialects {
            #expect(try Predicate.parse("$a.value == 1", dialect: dialect) == Predicate.parse("$a == 1", dialect: dialect))
        }
    }

    @Test(arguments: [
        ("$a = 1", "$a == 1"),
        ("$a <> 1", "$a != 1"),
        ("$a =< 1", "$a <= 1"),
        ("$a => 1", "$a >= 1"),
        ("$a == 1 && $b == 2", "$a == 1 AND $b == 2"),
        ("$a == 1 || $b == 2", "$a == 1 OR $b == 2"),
        ("!($a == 1)", "NOT $a == 1"),
        ("not $a contains[C] \"x\"", "NOT $a CONTAINS[c] 'x'"),
        ("$a between {1,5}", "$a BETWEEN {1, 5}"),
        ("$a == yes or $b == No", "$a == TRUE OR $b == FALSE"),
        ("$a == NULL", "$a == nil"),
        ("self beginswith[dc] 'x'", "SELF BEGINSWITH[cd] 'x'"),
        ("$a == 5.0", "$a == 5"),
        ("$a == \"it's\"", "$a == 'it\\'s'"),
        ("$a == '\\d'", "$a == '\\\\d'"),
        ("truepredicate and TRUE", "TRUEPREDICATE AND TRUEPREDICATE"),
        ("  $a\n==\t1  ", "$a == 1"),
    ])
    func alternativeSpellingsPrintCanonically(text: String, canonical: String) throws {
        let parsed = try Predicate.parse(text, dialect: .rowPredicate)
        #expect(Predicate.print(parsed, dialect: .rowPredicate) == canonical)
        #expect(try Predicate.parse(canonical, dialect: .rowPredicate) == parsed)
    }

    @Test func precedenceNotAndOr() throws {
        let a = Expression.compare(field("a"), .equal, num(1))
        let b = Expression.compare(field("b"), .equal, num(2))
        let c = Expression.compare(field("c"), .equal, num(3))
        func parse(_ s: String) throws -> Expression { try Predicate.parse(s, dialect: .rowPredicate) }
        #expect(try parse("$a == 1 OR $b == 2 AND $c == 3") == .or([a, .and([b, c])]))
        #expect(try parse("$a == 1 AND $b == 2 OR $c == 3") == .or([.and([a, b]), c]))
        #expect(try parse("NOT $a == 1 AND $b == 2") == .and([.not(a), b]))
        #expect(try parse("NOT ($a == 1 AND $b == 2)") == .not(.and([a, b])))
        #expect(try parse("NOT NOT $a == 1") == .not(.not(a)))
        #expect(try parse("$a == 1 AND ($b == 2 AND $c == 3)") == .and([a, b, c]))
        #expect(try parse("($a == 1 OR $b == 2) OR $c == 3") == .or([a, b, c]))
        let cases: [(Expression, String)] = [
            (.and([.or([a, b]), c]), "($a == 1 OR $b == 2) AND $c == 3"),
            (.or([.and([a, b]), c]), "$a == 1 AND $b == 2 OR $c == 3"),
            (.not(.or([a, b])), "NOT ($a == 1 OR $b == 2)"),
            (.not(.and([a, b])), "NOT ($a == 1 AND $b == 2)"),
            (.and([.not(a), .not(.or([b, c]))]), "NOT $a == 1 AND NOT ($b == 2 OR $c == 3)"),
            (.not(.not(a)), "NOT NOT $a == 1"),
            (.and([]), "TRUEPREDICATE"),
            (.or([]), "FALSEPREDICATE"),
        ]
        for (e, text) in cases {
            #expect(Predicate.print(e, dialect: .rowPredicate) == text)
            #expect(try parse(text) == e.flattened)
        }
    }

    @Test func loneBooleanIsAPredicate() throws {
        #expect(try Predicate.parse("TRUE", dialect: .rowPredicate) == .literal(.bool(true)))
        #expect(try Predicate.parse("no OR $a == 1", dialect: .rowPredicate)
            == .or([.literal(.bool(false)), .compare(field("a"), .equal, num(1))]))
    }

    @Test(arguments: [
        Expression.compare(field("first-name"), .equal, str("x")),
        .compare(field("a"), .equal, num(.infinity)),
        .field(FieldReference("flag")),
        .compare(field("a"), .between, .list([num(1)])),
        .compare(.compare(field("a"), .equal, num(1)), .equal, .literal(.bool(true))),
        .compare(field(""), .equal, num(1)),
    ])
    func inexpressiblePredicates(_ expression: Expression) {
        for dialect in Self.dialects {
            #expect(!Predicate.expressible(expression, dialect: dialect))
            #expect(ExpressionSyntax.print(expression, dialect: dialect) == nil)
        }
    }
}
