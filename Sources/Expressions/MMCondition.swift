import FormIR

/// MM XML's condition language (`<relationship><condition>`): comparisons `==`, `!=`, `BT` (greater
/// than), `LT` (less than) between item names, double-quoted strings and bare numbers, combined with
/// `AND` (binding tighter) and `OR` and grouped with parentheses. Keywords are read in any case;
/// newlines are whitespace.
///
/// A bare name is an item reference on either side of a comparison (`a == b` compares two items); a
/// bare word that reads as a number is a number.
public enum MMCondition {
    /// Parses a condition; errors carry the 1-based column (in Unicode scalars) of the offending token.
    public static func parse(_ text: String) throws(ExpressionError) -> Expression {
        let (tokens, source) = try MMLexer.tokens(text)
        var parser = MMParser(tokens: tokens, source: source)
        return try parser.parseCondition()
    }

    /// The condition in MM XML syntax, or `nil` when the language cannot say it: `NOT` that does not
    /// fold into `!=`/`==`, `<=`, `>=`, `IN`, `BETWEEN`, string operators and `[cd]` options, hidden and
    /// disabled states, `SELF`, lists, booleans, `nil`, strings containing `"`, item names that are not
    /// one bare word, empty `and`/`or`.
    public static func print(_ expression: Expression) -> String? {
        MMPrinter.print(expression)
    }

    /// Whether `print` can write the expression (with the same meaning).
    public static func expressible(_ expression: Expression) -> Bool {
        MMPrinter.print(expression) != nil
    }
}
