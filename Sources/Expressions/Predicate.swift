import FormIR

/// NSPredicate format strings as forms use them: the row schema's `hidden`, `disabled` and
/// `rules[].predicate`, XLForm's `hidden` and `disabled`.
///
/// Supported: `==`/`=`, `!=`/`<>`, `<`, `>`, `<=`/`=<`, `>=`/`=>`, `BETWEEN {a, b}`, `IN`, `CONTAINS`,
/// `BEGINSWITH`, `ENDSWITH`, `LIKE`, `MATCHES`, `[c]`/`[d]`/`[cd]` options, `AND`/`&&`, `OR`/`||`,
/// `NOT`/`!`, parentheses, `$tag` with `.value` (XLForm's `.value.formValue` of an option object reads
/// as the value too), `.isHidden`, `.isDisabled`, `SELF`, quoted strings,
/// numbers, `TRUE`/`YES`/`FALSE`/`NO`, `nil`/`NULL`, `{…}` lists, `TRUEPREDICATE`/`FALSEPREDICATE`.
/// Keywords ignore case. Not supported (a syntax error): arithmetic, key paths other than the three
/// properties, aggregates (`ANY`, `ALL`, …), functions, `%@` format arguments.
///
/// Dialects read the same: `$tag` and `$tag.value` both mean the field's value (the row schema treats
/// `$tag` as the value; XLForm appends `.value` itself). They print differently: `.rowPredicate` writes
/// `$tag`, `.xlformPredicate` writes `$tag.value`. `.mmCondition` is treated as `.rowPredicate` here;
/// use `MMCondition` or `ExpressionSyntax` for MM conditions.
public enum Predicate {
    /// Parses a predicate; errors carry the 1-based column (in Unicode scalars) of the offending token.
    public static func parse(_ text: String, dialect: ExpressionDialect) throws(ExpressionError) -> Expression {
        let (tokens, source) = try PredicateLexer.tokens(text)
        var parser = PredicateParser(tokens: tokens, source: source)
        return try parser.parsePredicate()
    }

    /// The canonical format string. It reads back as the same expression (up to `Expression.flattened`)
    /// whenever `expressible` says so; otherwise it is a best effort for messages.
    public static func print(_ expression: Expression, dialect: ExpressionDialect) -> String {
        PredicatePrinter.print(expression, dialect: dialect)
    }

    /// Whether `print` writes a predicate that reads back as the same expression: false for tags that
    /// are not identifiers (`$first-name`), NaN or infinite numbers, a bare value where a predicate is
    /// needed (`$flag` alone), `BETWEEN` without two bounds, nested predicates used as values.
    public static func expressible(_ expression: Expression, dialect: ExpressionDialect) -> Bool {
        PredicateReadBack.expressible(expression, dialect: dialect)
    }

    /// `print`'s text when `expressible` holds, otherwise `nil`: both answers for the price of one
    /// printing.
    public static func printIfExpressible(_ expression: Expression, dialect: ExpressionDialect) -> String? {
        PredicateReadBack.text(expression, dialect: dialect)
    }

    /// `printIfExpressible` for XLForm, where a selector row whose options are option objects holds the
    /// chosen object: the tags in `formValueTags` are compared through `$tag.value.formValue` (an option
    /// object equals only another option object). Reads back as the same expression.
    public static func printIfExpressible(_ expression: Expression, dialect: ExpressionDialect,
                                          formValueTags: Set<String>) -> String? {
        PredicateReadBack.text(expression, dialect: dialect, formValueTags: formValueTags)
    }
}
