import FormIR

/// Prints diagnostics as `file:line:col: severity: message [id]`, one per line, the way compilers do,
/// so editors and CI annotate them. Colors (on a terminal, or with `--color always`): the location in
/// bold, `error` red, `warning` magenta, `note` cyan, the id dim. `quiet` keeps only errors.
public struct DiagnosticPrinter: Sendable {
    /// Whether to colour the output with ANSI escapes.
    public var color: Bool
    /// Whether to print errors only.
    public var quiet: Bool

    /// A printer, colouring with `color`, printing errors only with `quiet`.
    public init(color: Bool = false, quiet: Bool = false) {
        self.color = color
        self.quiet = quiet
    }

    /// Whether `diagnostic` is printed (with `quiet`, warnings, notes and losses are not).
    public func shows(_ diagnostic: Diagnostic) -> Bool { !quiet || diagnostic.severity == .error }

    /// The printed line for `diagnostic` (no newline), on one line whatever its file name or message
    /// hold (`oneLine`). `file` names the input when the diagnostic has no location of its own.
    public func line(for diagnostic: Diagnostic, file: String? = nil) -> String {
        guard color else { return diagnostic.formatted(defaultFile: file).oneLine }
        var prefix = ""
        if let l = diagnostic.location { prefix = "\(l): ".oneLine } else if let file { prefix = "\(file): ".oneLine }
        let severity: String
        switch diagnostic.severity {
        case .error: severity = Self.paint("error", "1;31")
        case .warning: severity = Self.paint("warning", "1;35")
        case .note: severity = Self.paint("note", "1;36")
        }
        let where_ = prefix.isEmpty ? "" : Self.paint(prefix, "1")
        return "\(where_)\(severity): \(Self.paint(diagnostic.message.oneLine, "1")) \(Self.paint("[\(diagnostic.id)]", "2"))"
    }

    /// The lines to print for `diagnostics`, filtered by `quiet`, each ending in a newline.
    public func text(for diagnostics: [Diagnostic], file: String? = nil) -> String {
        String(decoding: bytes(for: diagnostics, file: file), as: UTF8.self)
    }

    /// `text(for:file:)` as UTF-8: every line written straight into one buffer (a loss's message is
    /// written there from its parts, never made a string first).
    public func bytes(for diagnostics: [Diagnostic], file: String? = nil) -> [UInt8] {
        var out: [UInt8] = []
        for diagnostic in diagnostics where shows(diagnostic) {
            appendLine(for: diagnostic, file: file, to: &out)
            out.append(0x0A)
        }
        return out
    }

    /// `line(for:file:)` appended to `out` as UTF-8. Without colour the line is formatted straight into
    /// `out` (a batch prints hundreds of lines a form) and made a `String` only when it holds a control
    /// character to write out.
    func appendLine(for diagnostic: Diagnostic, file: String?, to out: inout [UInt8]) {
        guard !color else { return out.append(contentsOf: line(for: diagnostic, file: file).utf8) }
        let start = out.count
        diagnostic.appendFormatted(to: &out, defaultFile: file)
        if Self.holdsControl(out[start...]) {
            let line = String(decoding: out[start...], as: UTF8.self).oneLine
            out.replaceSubrange(start..., with: line.utf8)
        }
    }

    /// Whether `bytes` hold a C0 control character or DEL (one pass without an early exit, which the
    /// compiler turns into vector instructions).
    static func holdsControl(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { buf in
            var found: UInt8 = 0
            for b in buf { found |= (b < 0x20 ? 1 : 0) | (b == 0x7F ? 1 : 0) }
            return found != 0
        }
    }

    /// Prints `diagnostics` to standard error, a piece of whole lines at a time (`pieceSize`): a large
    /// form's account is megabytes of text, never held whole. Stops at the first write refused.
    public func print(_ diagnostics: [Diagnostic], file: String? = nil) {
        var out: [UInt8] = []
        out.reserveCapacity(Self.pieceSize + 1024)
        for diagnostic in diagnostics where shows(diagnostic) {
            appendLine(for: diagnostic, file: file, to: &out)
            out.append(0x0A)
            if out.count >= Self.pieceSize {
                guard Terminal.writeError(out) else { return }
                out.removeAll(keepingCapacity: true)
            }
        }
        if !out.isEmpty { Terminal.writeError(out) }
    }

    /// How many bytes of lines `print` gathers before it writes them.
    static let pieceSize = 1 << 16

    /// A plain message in diagnostic style without location or id (`formconv: error: …`).
    public func message(_ severity: Severity, _ text: String) -> String {
        let s = color ? Self.paint(severity.rawValue, severity == .error ? "1;31" : "1;35") : severity.rawValue
        return "formconv: \(s): \(text.oneLine)"
    }

    /// `formconv: error: …`, for problems of the run rather than of an input.
    public func errorMessage(_ text: String) -> String { message(.error, text) }

    static func paint(_ text: String, _ sgr: String) -> String { "\u{1B}[\(sgr)m\(text)\u{1B}[0m" }
}
