import FormIR

/// One entry point for all three condition languages, chosen by `ExpressionDialect`: readers parse
/// with the dialect of their format, emitters print with theirs and report a loss on `nil`.
public enum ExpressionSyntax {
    /// Parses `text` in `dialect` (MM condition or NSPredicate).
    public static func parse(_ text: String, dialect: ExpressionDialect) throws(ExpressionError) -> Expression {
        switch dialect {
        case .mmCondition: try MMCondition.parse(text)
        case .rowPredicate, .xlformPredicate: try Predicate.parse(text, dialect: dialect)
        }
    }

    /// The expression written in `dialect`, or `nil` when that language cannot say it exactly.
    public static func print(_ expression: Expression, dialect: ExpressionDialect) -> String? {
        switch dialect {
        case .mmCondition:
            return MMCondition.print(expression)
        case .rowPredicate, .xlformPredicate:
            return Predicate.printIfExpressible(expression, dialect: dialect)
        }
    }

    /// Whether `print` succeeds for `dialect`.
    public static func expressible(_ expression: Expression, dialect: ExpressionDialect) -> Bool {
        switch dialect {
        case .mmCondition: MMCondition.expressible(expression)
        case .rowPredicate, .xlformPredicate: Predicate.expressible(expression, dialect: dialect)
        }
    }
}
