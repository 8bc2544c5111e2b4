import FormIR

/// One side of a comparison read into the IR, through the same loading (size limit, encodings),
/// detection and reader registry `convert` uses.
public struct DiffSide: Sendable {
    /// The name the side is shown under (a path, `<stdin>`, or `REV:path`).
    public var name: String
    /// The form read, `nil` when it could not be read.
    public var form: Form?
    /// The format it was read as, when known.
    public var format: FormatID?
    /// What loading and reading reported.
    public var diagnostics: [Diagnostic]
    /// `success`, or the status a failure ends the run with (`noInput` for a missing file).
    public var status: ExitStatus
}

/// Reads the two inputs of `formconv diff`.
public enum DiffInput {
    /// Loads `path` (`-` for standard input) and reads it as `format`, detected when `nil`.
    public static func read(path: String, as format: FormatID?, maxInputSize: Int) -> DiffSide {
        let name = path == "-" ? InputLoader.stdinName : path
        switch InputLoader(maxSize: maxInputSize).load(path) {
        case .failure(let problem):
            return DiffSide(name: name, form: nil, format: format, diagnostics: [problem.diagnostic(name)], status: problem.exitStatus)
        case .success(let loaded):
            return read(loaded, as: format)
        }
    }

    /// Reads bytes already held (a file at a git revision), named `name` in messages.
    public static func read(bytes: [UInt8], name: String, as format: FormatID?) -> DiffSide {
        read(InputLoader.normalize(bytes, name: name), as: format)
    }

    static func read(_ loaded: LoadedInput, as format: FormatID?) -> DiffSide {
        let name = loaded.document.name
        guard let from = format ?? FormatDetector.detect(name: name, bytes: loaded.document.bytes) else {
            return DiffSide(name: name, form: nil, format: nil, diagnostics: loaded.diagnostics + [
                Diagnostic(.error, id: "input.unknown-format", FormatDetector.undetectedMessage(name: name))], status: .failure)
        }
        var diagnostics = Diagnostics()
        let form = Converter.read(loaded.document, as: from, diagnostics: &diagnostics)
        let failed = form == nil || diagnostics.hasErrors
        let status: ExitStatus = !failed ? .success
            : diagnostics.items.contains { $0.id.hasPrefix("internal.") } ? .internalError : .failure
        return DiffSide(name: name, form: failed ? nil : form, format: from,
                        diagnostics: loaded.diagnostics + diagnostics.items, status: status)
    }
}
