import FormIR

/// A cursor over the UTF-8 bytes of an expression text, shared by both lexers.
///
/// Both languages are ASCII apart from the contents of names and strings, so the lexers decide on
/// bytes and decode a scalar only when they meet a non-ASCII byte. Columns are still 1-based offsets
/// in Unicode scalars, the unit `ExpressionError.column` and `SourceLocation` use: the scanner counts
/// them as it moves.
struct ScalarScanner {
    let bytes: [UInt8]
    /// The byte offset of the cursor.
    private(set) var index = 0
    /// The 1-based column (in scalars) of the cursor.
    private(set) var column = 1

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var isAtEnd: Bool { index >= bytes.count }

    /// The byte `offset` bytes after the cursor, or `nil` past the end. Only meaningful as a character
    /// when it is ASCII (below 0x80): an ASCII byte is always a whole scalar in UTF-8.
    func byte(_ offset: Int = 0) -> UInt8? {
        let i = index + offset
        return i < bytes.count ? bytes[i] : nil
    }

    /// The scalar at the cursor, or `nil` at the end.
    func peek() -> Unicode.Scalar? {
        guard index < bytes.count else { return nil }
        let b = bytes[index]
        if b < 0x80 { return Unicode.Scalar(b) }
        return decode(at: index).scalar
    }

    /// Moves past one scalar.
    mutating func advance() {
        guard index < bytes.count else { return }
        index += Self.length(lead: bytes[index])
        column += 1
    }

    /// Moves past `count` scalars the caller knows to be ASCII.
    mutating func advanceASCII(_ count: Int) {
        let n = min(count, bytes.count - index)
        index += n
        column += n
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            let b = bytes[index]
            if b < 0x80 {
                guard Self.isASCIIWhitespace(b) else { return }
                index += 1
                column += 1
            } else {
                guard decode(at: index).scalar.properties.isWhitespace else { return }
                advance()
            }
        }
    }

    /// The text of the bytes from `start` (a byte offset) up to the cursor.
    func text(from start: Int) -> String {
        String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// The length in bytes (and scalars: the syntax is ASCII) of the number starting at the cursor
    /// (`-?digits(.digits)?([eE][+-]?digits)?`), 0 if none.
    func numberLength() -> Int {
        NumberSyntax.prefixLength(bytes, from: index)
    }

    /// Whether the ASCII byte is a Unicode white-space scalar (tab, line feed, vertical tab, form feed,
    /// carriage return, space).
    static func isASCIIWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || (b >= 0x09 && b <= 0x0D)
    }

    /// Whether `s` is white space, with the ASCII answer computed directly.
    static func isWhitespace(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x80 ? isASCIIWhitespace(UInt8(s.value)) : s.properties.isWhitespace
    }

    /// How many bytes the UTF-8 sequence starting with `lead` takes.
    static func length(lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// The scalar whose (valid) UTF-8 sequence starts at byte `i`.
    func decode(at i: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = bytes[i]
        let n = Self.length(lead: lead)
        var value: UInt32
        switch n {
        case 1: return (Unicode.Scalar(lead), 1)
        case 2: value = UInt32(lead & 0x1F)
        case 3: value = UInt32(lead & 0x0F)
        default: value = UInt32(lead & 0x07)
        }
        for k in 1..<n { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", n)
    }
}

/// The number syntax both languages share: an optional minus, digits, an optional fraction and exponent.
/// It is exactly what `Value.format` writes, so printed numbers always read back.
enum NumberSyntax {
    static func isDigit(_ b: UInt8?) -> Bool {
        guard let b else { return false }
        return b >= 48 && b <= 57
    }

    /// The length of the number at byte `start` of `bytes` (UTF-8; the syntax is ASCII), 0 if none.
    static func prefixLength(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { prefixLength($0, from: start) }
    }

    static func prefixLength(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        func at(_ i: Int) -> UInt8? { i < bytes.count ? bytes[i] : nil }
        var i = start
        if at(i) == UInt8(ascii: "-") { i += 1 }
        guard isDigit(at(i)) else { return 0 }
        while isDigit(at(i)) { i += 1 }
        if at(i) == UInt8(ascii: "."), isDigit(at(i + 1)) {
            i += 1
            while isDigit(at(i)) { i += 1 }
        }
        if at(i) == UInt8(ascii: "e") || at(i) == UInt8(ascii: "E") {
            var j = i + 1
            if at(j) == UInt8(ascii: "+") || at(j) == UInt8(ascii: "-") { j += 1 }
            if isDigit(at(j)) {
                while isDigit(at(j)) { j += 1 }
                i = j
            }
        }
        return i - start
    }

    /// The value of `text` when the whole text is a number in this syntax.
    static func value(of text: String) -> Double? {
        var text = text
        let whole = text.withUTF8 { !$0.isEmpty && prefixLength($0, from: 0) == $0.count }
        return whole ? Double(text) : nil
    }

    /// The shortest text for a finite number, or `nil` for NaN and infinities (no language can say them).
    static func text(_ d: Double) -> String? {
        d.isFinite ? Value.format(d) : nil
    }
}
