import FormIR

/// A syntax error inside a condition or predicate: `column` is 1-based, in Unicode scalars, within the
/// expression text (readers add it to the position of the text in the file).
public struct ExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in words (`expected ')'`).
    public var message: String
    /// The 1-based column within the expression text, in Unicode scalars.
    public var column: Int
    /// An error `message` at `column`.
    public init(_ message: String, column: Int) {
        self.message = message
        self.column = column
    }
    /// `column N: message`.
    public var description: String { "column \(column): \(message)" }
}
