import FormIR

/// A cursor over the Unicode scalars of an expression text, shared by both lexers.
///
/// Columns are 1-based offsets in Unicode scalars, the unit `ExpressionError.column` and
/// `SourceLocation` use.
struct ScalarScanner {
    let scalars: [Unicode.Scalar]
    private(set) var index = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    var isAtEnd: Bool { index >= scalars.count }
    /// The scalar `offset` places after the cursor, or `nil` past the end.
    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let i = index + offset
        return i < scalars.count ? scalars[i] : nil
    }
    /// The 1-based column of the cursor.
    var column: Int { index + 1 }
    /// The column just after the last scalar: where "unexpected end" errors point.
    var endColumn: Int { scalars.count + 1 }

    mutating func advance(_ count: Int = 1) {
        index = min(index + count, scalars.count)
    }

    mutating func skipWhitespace() {
        while let s = peek(), s.properties.isWhitespace { advance() }
    }

    /// The text of the scalars from `start` (an index) up to the cursor.
    func text(from start: Int) -> String {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars[start..<index])
        return String(s)
    }

    /// The length of the number starting at the cursor (`-?digits(.digits)?([eE][+-]?digits)?`), 0 if none.
    func numberLength() -> Int {
        NumberSyntax.prefixLength(scalars, from: index)
    }
}

/// The number syntax both languages share: an optional minus, digits, an optional fraction and exponent.
/// It is exactly what `Value.format` writes, so printed numbers always read back.
enum NumberSyntax {
    static func isDigit(_ s: Unicode.Scalar?) -> Bool {
        guard let s else { return false }
        return s.value >= 48 && s.value <= 57
    }

    static func prefixLength(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        func at(_ i: Int) -> Unicode.Scalar? { i < scalars.count ? scalars[i] : nil }
        var i = start
        if at(i) == "-" { i += 1 }
        guard isDigit(at(i)) else { return 0 }
        while isDigit(at(i)) { i += 1 }
        if at(i) == ".", isDigit(at(i + 1)) {
            i += 1
            while isDigit(at(i)) { i += 1 }
        }
        if at(i) == "e" || at(i) == "E" {
            var j = i + 1
            if at(j) == "+" || at(j) == "-" { j += 1 }
            if isDigit(at(j)) {
                while isDigit(at(j)) { j += 1 }
                i = j
            }
        }
        return i - start
    }

    /// The value of `text` when the whole text is a number in this syntax.
    static func value(of text: String) -> Double? {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty, prefixLength(scalars, from: 0) == scalars.count else { return nil }
        return Double(text)
    }

    /// The shortest text for a finite number, or `nil` for NaN and infinities (no language can say them).
    static func text(_ d: Double) -> String? {
        d.isFinite ? Value.format(d) : nil
    }
}
