/// Reading a baseline file (`--baseline FILE`): bounded before it happens, like every read, and saying
/// why a file could not serve — missing, unreadable, too large, or not a baseline.
public enum BaselineFile {
    /// Why `--baseline FILE` cannot be used.
    public enum Problem: Error, Equatable, Sendable {
        /// The file could not be read (missing, a directory, no permission, over the limit).
        case input(InputProblem)
        /// The file was read but is not a baseline written by `--write-baseline` (or a later version).
        case notABaseline

        /// The message `--baseline path` fails with.
        public func message(_ path: String) -> String {
            switch self {
            case .input(let problem): "--baseline: " + problem.message(path)
            case .notABaseline: "--baseline \(path) is not a baseline written by --write-baseline"
            }
        }
    }

    /// The bytes of the baseline at `path`, a regular file (a FIFO or device is refused before it is
    /// opened): at most `maxSize` (`--max-input-size`), checked with stat(2)
    /// and while reading, so that a file that never ends is refused without being held.
    public static func read(_ path: String, maxSize: Int) -> Result<[UInt8], Problem> {
        InputLoader.readRegularFile(path, limit: maxSize).mapError { .input($0) }
    }
}
