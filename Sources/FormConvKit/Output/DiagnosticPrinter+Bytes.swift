import DocumentTree
import FormIR

extension DiagnosticPrinter {
    /// The lines `text(for:file:)` gives without colors, as UTF-8, written straight into one buffer:
    /// formatting each line as a `String` and appending it cost ~200 ns a diagnostic, 8 ms for the
    /// 40,000 warnings of a large lossy form. The diagnostics are read in place (see `text(for:file:)`).
    func plainBytes(for diagnostics: [Diagnostic], file: String?) -> [UInt8] {
        var all: [UInt8] = []
        plainBytes(for: diagnostics, file: file, every: .max) { all = $0 }
        return all
    }

    /// `plainBytes(for:file:)` handed to `flush` a piece at a time, each of about `every` bytes (whole
    /// lines), so that the lines of a large lossy form (4.7 MB for 40,000 warnings) are never all in memory.
    func plainBytes(for diagnostics: [Diagnostic], file: String?, every: Int, _ flush: ([UInt8]) -> Void) {
        var out: [UInt8] = []
        diagnostics.withUnsafeBufferPointer { all in
            var shown = 0
            for i in all.indices where shows(all[i].severity) { shown += 1 }
            guard shown > 0 else { return }
            let room = shown * 128
            out.reserveCapacity(every < room ? every + 4096 : room)
            for i in all.indices where shows(all[i].severity) {
                if out.count >= every {
                    flush(out)
                    out.removeAll(keepingCapacity: true)
                }
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
        if !out.isEmpty { flush(out) }
    }

    private static let colonSpace: [UInt8] = Array(": ".utf8)
    private static let spaceBracket: [UInt8] = Array(" [".utf8)
    private static let bracketNewline: [UInt8] = Array("]\n".utf8)

    /// `n` in decimal, as `String(n)` spells it (`DecimalDigits`, the one writer of digits).
    static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DecimalDigits.maxCount) { buffer in
            let end = DecimalDigits.write(n, at: buffer.baseAddress!)
            out.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress!, count: end - buffer.baseAddress!))
        }
    }
}
