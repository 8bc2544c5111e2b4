import FormIR

/// MM XML's condition language. PLACEHOLDER — replaced by the Expressions work.
public enum MMCondition {
    public static func parse(_ text: String) throws(ExpressionError) -> Expression {
        throw ExpressionError("condition parsing is not built yet", column: 1)
    }
    /// The condition in MM XML syntax, or `nil` when the language cannot say it.
    public static func print(_ expression: Expression) -> String? { nil }
}
