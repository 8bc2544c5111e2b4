import FormIR

/// A syntax error inside a condition or predicate: `column` is 1-based, in Unicode scalars, within the
/// expression text (readers add it to the position of the text in the file).
public struct ExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var column: Int
    public init(_ message: String, column: Int) {
        self.message = message
        self.column = column
    }
    public var description: String { "column \(column): \(message)" }
}
