import FormIR

extension DiagnosticPrinter {
    /// The lines `text(for:file:)` gives without colors, as UTF-8, written straight into one buffer:
    /// formatting each line as a `String` and appending it cost ~200 ns a diagnostic, 8 ms for the
    /// 40,000 warnings of a large lossy form. The diagnostics are read in place (see `text(for:file:)`).
    func plainBytes(for diagnostics: [Diagnostic], file: String?) -> [UInt8] {
        var out: [UInt8] = []
        diagnostics.withUnsafeBufferPointer { all in
            var shown = 0
            for i in all.indices where !quiet || all[i].severity == .error { shown += 1 }
            guard shown > 0 else { return }
            out.reserveCapacity(shown * 128)
            for i in all.indices where !quiet || all[i].severity == .error {
                if let l = all[i].location {
                    out.append(contentsOf: l.file.utf8)
                    out.append(UInt8(ascii: ":"))
                    Self.appendDecimal(l.line, to: &out)
                    out.append(UInt8(ascii: ":"))
                    Self.appendDecimal(l.column, to: &out)
                    out.append(contentsOf: Self.colonSpace)
                } else if let file {
                    out.append(contentsOf: file.utf8)
                    out.append(contentsOf: Self.colonSpace)
                }
                out.append(contentsOf: all[i].severity.rawValue.utf8)
                out.append(contentsOf: Self.colonSpace)
                out.append(contentsOf: all[i].message.utf8)
                out.append(contentsOf: Self.spaceBracket)
                out.append(contentsOf: all[i].id.utf8)
                out.append(contentsOf: Self.bracketNewline)
            }
        }
        return out
    }

    private static let colonSpace: [UInt8] = Array(": ".utf8)
    private static let spaceBracket: [UInt8] = Array(" [".utf8)
    private static let bracketNewline: [UInt8] = Array("]\n".utf8)

    /// `n` in decimal, as `String(n)` spells it.
    static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
        if n < 0 {
            out.append(UInt8(ascii: "-"))
            // The magnitude as unsigned: `-Int.min` would overflow.
            return appendDecimal(magnitude: n.magnitude, to: &out)
        }
        appendDecimal(magnitude: UInt(n), to: &out)
    }

    private static func appendDecimal(magnitude: UInt, to out: inout [UInt8]) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 24 digits; UInt.max has 20
        var v = magnitude, count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                count += 1
                buffer[buffer.count - count] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
            } while v > 0
            out.append(contentsOf: buffer[(buffer.count - count)...])
        }
    }
}
