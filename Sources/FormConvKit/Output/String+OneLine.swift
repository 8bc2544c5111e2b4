extension String {
    /// The text with its control characters written out (`\n`, `\r`, `\t`, `\x1B`, …), so that it
    /// prints on one line: a file name holding a newline split its diagnostic in two, and an escape
    /// character in a name could drive the terminal. Text without any is returned as it is, unscanned
    /// beyond one pass over its bytes.
    public var oneLine: String {
        var copy = self
        let clean = copy.withUTF8 { bytes in !bytes.contains { $0 < 0x20 || $0 == 0x7F } }
        if clean { return self }
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
