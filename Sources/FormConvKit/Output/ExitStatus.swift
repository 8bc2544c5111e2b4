/// The exit statuses of every formconv command — `convert`, `lint` and `formats` share this one table
/// (sysexits.h values where one fits) — documented in README.md, docs/cli.md and `formconv --help`.
/// Commands compute one and hand it to the command-line layer.
public enum ExitStatus: Int32, Sendable, CaseIterable, Comparable {
    /// Everything converted (or checked) and no `--fail-on` threshold was reached.
    case success = 0
    /// Some input failed to convert, or `--strict` / `--fail-on` was triggered.
    case failure = 1
    /// formconv itself failed (a bug): an unexpected error inside a reader, an emitter or the run.
    case internalError = 2
    /// The command line is wrong: unknown option or format, missing argument (EX_USAGE).
    case usage = 64
    /// An input does not exist or cannot be read (EX_NOINPUT).
    case noInput = 66
    /// An output file or directory cannot be created (EX_CANTCREAT).
    case cannotCreate = 73
    /// Standard output or standard error refused a write: full, closed, an I/O error (EX_IOERR).
    case ioError = 74

    /// When several files end differently, the run reports the most serious: internal error, then a
    /// failed write to a standard stream, then unwritable output, then unreadable input, then
    /// conversion failure.
    var precedence: Int {
        switch self {
        case .success: 0
        case .failure: 1
        case .noInput: 2
        case .cannotCreate: 3
        case .ioError: 4
        case .usage: 5
        case .internalError: 6
        }
    }

    /// Ordered by seriousness (`precedence`), so that `max` picks the status a run ends with.
    public static func < (a: ExitStatus, b: ExitStatus) -> Bool { a.precedence < b.precedence }

    /// One line per status for help texts and docs.
    public var meaning: String {
        switch self {
        case .success: "success: inputs converted or linted clean, no threshold reached"
        case .failure: "an input failed, lint found an error, or --strict/--fail-on tripped"
        case .internalError: "internal failure (a bug in formconv: please report it)"
        case .usage: "usage error: bad option, value or configuration file (EX_USAGE)"
        case .noInput: "an input or path does not exist or cannot be read (EX_NOINPUT)"
        case .cannotCreate: "an output file or directory cannot be created (EX_CANTCREAT)"
        case .ioError: "standard output or standard error could not be written (EX_IOERR)"
        }
    }

    /// The table `formconv --help` prints under EXIT STATUS.
    public static var helpTable: String {
        // Padded by hand: Foundation's `padding(toLength:withPad:startingAt:)` went through NSString,
        // some 100,000 instructions a line, on every run (the table is part of the command's help).
        allCases.map { status in
            let code = String(status.rawValue)
            return "  " + code + String(repeating: " ", count: max(0, 4 - code.count)) + status.meaning
        }.joined(separator: "\n")
    }
}
