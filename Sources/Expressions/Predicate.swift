import FormIR

/// NSPredicate format strings. PLACEHOLDER — replaced by the Expressions work.
public enum Predicate {
    public static func parse(_ text: String, dialect: ExpressionDialect) throws(ExpressionError) -> Expression {
        throw ExpressionError("predicate parsing is not built yet", column: 1)
    }
    public static func print(_ expression: Expression, dialect: ExpressionDialect) -> String { "" }
}
