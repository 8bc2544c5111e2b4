import FormIR
import Testing
@testable import Emitters

/// Conditions become JavaScript once, in Swift, from the parsed expression: every operator, the `[c]`
/// and `[d]` flags, lists, truth values and the hidden/disabled properties, with the page's runtime
/// (`c.cmp`, `c.v`, `c.hidden`, `c.disabled`, `c.self`) doing the comparing.
@Suite struct JSConditionTests {
    static func js(_ e: FormIR.Expression) throws -> String {
        try JSCondition.function(e).get()
    }

    static let a = FormIR.Expression.field(FieldReference("a"))

    @Test func everyOperatorIsOneRuntimeCall() throws {
        for op in ComparisonOperator.allCases where op != .matches {
            let source = try Self.js(.compare(Self.a, op, .literal(.number(3))))
            #expect(source == #"function (c) { return c.cmp("\#(op.rawValue)", c.v("a"), 3, false, false); }"#)
        }
    }

    @Test func logicListsFlagsAndProperties() throws {
        let ci = StringOptions(caseInsensitive: true, diacriticInsensitive: true)
        let e = FormIR.Expression.or([
            .and([.compare(Self.a, .in, .list([.literal(.string("x")), .literal(.number(2.5))])),
                  .not(.field(FieldReference("b", property: .isHidden)))]),
            .compare(.field(FieldReference("c", property: .isDisabled)), .equal, .literal(.bool(true)), ci),
            .field(FieldReference("d")),
        ])
        let got = try Self.js(e)
        #expect(got == """
            function (c) { return ((c.cmp("IN", c.v("a"), ["x", 2.5], false, false) && !c.hidden("b")) || \
            c.cmp("==", c.disabled("c"), true, true, true) || c.truthy(c.v("d"))); }
            """, "\(got)")
    }

    @Test func selfAndNullAndQuotedIDs() throws {
        let e = FormIR.Expression.compare(.selfValue, .notEqual, .literal(.null))
        #expect(try Self.js(e) == #"function (c) { return c.cmp("!=", c.self, null, false, false); }"#)
        let quoted = FormIR.Expression.compare(.field(FieldReference("x\"); alert(1); (\"")), .equal, .literal(.string("</script>")))
        #expect(try Self.js(quoted) == #"function (c) { return c.cmp("==", c.v("x\"); alert(1); (\""), "</script>", false, false); }"#)
    }

    @Test func matchesTranslatesTheRegexOrFails() throws {
        let ok = FormIR.Expression.compare(Self.a, .matches, .literal(.string(#"\A[0-9]+\z"#)))
        #expect(try Self.js(ok).contains(#"c.cmp("MATCHES", c.v("a"), "^[0-9]+$", false, false)"#))
        let possessive = FormIR.Expression.compare(Self.a, .matches, .literal(.string("a++")))
        #expect(throws: JSCondition.Failure.self) { try Self.js(possessive) }
    }
}
