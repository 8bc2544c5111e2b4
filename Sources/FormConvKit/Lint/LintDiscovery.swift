import Foundation
import FormIR

/// A file to lint: where it is, how to name it in output, and its format when already known.
public struct LintTarget: Sendable, Hashable {
    /// Where the file is.
    public var path: String
    /// The name findings use.
    public var displayName: String
    /// The format, when discovery already detected it.
    public var format: FormatID?
    /// The whole file when discovery already read all of it to sniff its format (small files, within
    /// `LintDiscovery.keptBytesBudget`), so that linting does not open and read it a second time.
    var contents: [UInt8]?
    /// Set when discovery met the file but could not read it (no permission, a FIFO): why. It is
    /// linted as a `parse-error`.
    var problem: String?

    /// A file to lint; its format is detected when `nil`.
    public init(path: String, displayName: String, format: FormatID? = nil) {
        self.path = path
        self.displayName = displayName
        self.format = format
    }

    /// Equal when path, name and format are: `contents` is a cache, not part of the value.
    public static func == (a: LintTarget, b: LintTarget) -> Bool {
        a.path == b.path && a.displayName == b.displayName && a.format == b.format
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(displayName)
        hasher.combine(format)
    }
}

/// A file a directory walk met and did not lint, and why (`--verbose` lists them).
public struct PassedOver: Sendable, Equatable {
    /// Why a file was passed over.
    public enum Reason: Sendable, Equatable {
        /// Its extension is one formconv reads but its content is not a form (`package.json`, `Info.plist`).
        case notAForm
        /// A symbolic link to a directory: walks do not follow them.
        case linkToDirectory
    }
    /// The file or link, as the walk names it.
    public var path: String
    /// Why.
    public var reason: Reason

    /// `forms/package.json: passed over (not a form)`.
    public var line: String {
        "\(path.oneLine): passed over (\(reason == .notAForm ? "not a form" : "a symbolic link to a directory, not followed"))"
    }
}

/// Finds the form files under the paths a user names.
public enum LintDiscovery {
    static let candidateExtensions: Set<String> = ["xml", "json", "yaml", "yml", "plist"]
    static let skippedDirectories: Set<String> = [".build", ".git", ".swiftpm", "node_modules", "DerivedData", "Pods"]
    /// At most this many bytes of sniffed files are kept for linting (`LintTarget.contents`); the rest
    /// are read again when linted.
    static let keptBytesBudget = 32 << 20

    /// What `discover` found.
    public struct Found: Sendable {
        /// The files to lint, those discovery could not read included (each fails with `parse-error`).
        public var targets: [LintTarget] = []
        /// Paths named on the command line that do not exist.
        public var missing: [String] = []
        /// What the walks met and left alone, in path order.
        public var passedOver: [PassedOver] = []
    }

    /// Files named directly are always linted (their format detected, `--from` style) — unless
    /// `formsOnly` (`lint --forms-only`, as hooks that hand lint every staged `.json` use), which
    /// treats them as a walk does; directories are
    /// walked (`DirectoryWalk`: regular files only, links to directories not followed), keeping files
    /// whose extension and content look like a form, and every file with one of formconv's compound
    /// extensions (`.shinobi.xml`, `.rmsform.plist`, …). What a walk cannot read is a target that
    /// fails; what it leaves alone is counted in `passedOver`. Missing paths are returned as errors.
    public static func discover(_ paths: [String], config: LintConfig, formsOnly: Bool = false) -> Found {
        var found = Found()
        let fm = FileManager.default
        for path in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else { found.missing.append(path); continue }
            if !isDir.boolValue {
                guard !config.excludes(path) else { continue }
                guard formsOnly else { found.targets.append(LintTarget(path: path, displayName: path)); continue }
                if let target = target(path, sniffed: sniff(path), found: &found) { found.targets.append(target) }
                continue
            }
            let base = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
            let entries = DirectoryWalk.walk(base, skipsDirectory: { rel in
                skippedDirectories.contains((rel as NSString).lastPathComponent) || config.excludes(rel + "/")
            }, wantsFile: { name in
                candidateExtensions.contains((name as NSString).pathExtension.lowercased())
            })
            var candidates: [String] = []
            var targets: [LintTarget] = []
            for (rel, entry) in entries {
                let full = rel.isEmpty ? base : base == "." ? rel : "\(base)/\(rel)"
                if !rel.isEmpty && (config.excludes(full) || config.excludes(rel)) { continue }
                switch entry {
                case .file: candidates.append(full)
                case .linkToDirectory: found.passedOver.append(PassedOver(path: full, reason: .linkToDirectory))
                case .problem(let why):
                    var target = LintTarget(path: full, displayName: full)
                    target.problem = "cannot read \(full): \(why)"
                    targets.append(target)
                }
            }
            for (full, sniffed) in zip(candidates, sniff(candidates)) {
                if let target = target(full, sniffed: sniffed, found: &found) { targets.append(target) }
            }
            found.targets += targets.sorted { $0.path < $1.path }
        }
        found.passedOver.sort { $0.path < $1.path }
        return found
    }

    /// The target for a sniffed file: one that fails when it could not be read, `nil` (and counted as
    /// passed over) when it is not a form.
    private static func target(_ path: String, sniffed: Sniffed, found: inout Found) -> LintTarget? {
        var target = LintTarget(path: path, displayName: path, format: sniffed.format)
        if let problem = sniffed.problem {
            target.problem = "cannot read \(path): \(problem)"
        } else if sniffed.format == nil {
            found.passedOver.append(PassedOver(path: path, reason: .notAForm))
            return nil
        }
        target.contents = sniffed.contents
        return target
    }

    /// The format of a file met while walking a directory (`nil` when it does not look like a form: a
    /// `package.json` or an `Info.plist` is not linted), with the file's bytes when the head read was
    /// all of it.
    private static func sniff(_ path: String) -> Sniffed {
        let head: [UInt8], complete: Bool
        switch LintFileReader.head(atPath: path, limit: FormatDetector.headSize) {
        case .failure(let failure): return Sniffed(problem: SystemError.describe(failure.code))
        case .success(let read): (head, complete) = read
        }
        // A right-sized copy: the head buffer has room for the whole `headSize`, and kept files stay in
        // memory until they are linted.
        return Sniffed(format: formFormat(head: head, path: path), contents: complete ? head.withUnsafeBufferPointer { Array($0) } : nil)
    }

    static func formFormat(head: [UInt8], path: String) -> FormatID? {
        // formconv's own compound extensions say the format whatever the content: an empty or garbled
        // `.shinobi.xml` is a broken form, not something else.
        let lower = path.lowercased()
        if let (_, format) = FormatDetector.compoundExtensions.first(where: { lower.hasSuffix($0.0) }) { return format }
        guard let format = FormatDetector.detect(name: path, bytes: head) else { return nil }
        // ASCII words, searched in the bytes: they occur there exactly when they do in the decoded text.
        func has(_ word: String) -> Bool {
            var word = word
            return head.withUnsafeBufferPointer { h in word.withUTF8 { ByteSearch.contains(h, $0) } }
        }
        switch format {
        case .mmxml, .shinobi: return has("<form") ? format : nil
        case .json, .yaml: return has("sections") ? format : nil
        case .rmsform, .rmsformJSON:
            return has("className") || has("rows") || head.starts(with: Array("bplist".utf8)) ? format : nil
        default: return format
        }
    }

    /// `sniff` of each path, in order, on all cores; the contents of forms are kept within `keptBytesBudget`.
    private static func sniff(_ paths: [String]) -> [Sniffed] {
        let slots = SniffSlots(count: paths.count, budget: keptBytesBudget)
        DispatchQueue.concurrentPerform(iterations: paths.count) { i in
            var sniffed = sniff(paths[i])
            if sniffed.format == nil { sniffed.contents = nil }
            slots.set(i, sniffed)
        }
        return slots.values
    }
}

/// What sniffing a file found: its format (`nil`: not a form), its bytes when the head was all of it,
/// or why it could not be read.
struct Sniffed: Sendable {
    var format: FormatID?
    var contents: [UInt8]?
    var problem: String?
}

/// One sniffing result per path, written by concurrent workers (each to its own index) and read after
/// they finish; contents are dropped once `budget` bytes are kept.
private final class SniffSlots: @unchecked Sendable {
    private var slots: [Sniffed]
    private var budget: Int
    private let lock = NSLock()

    init(count: Int, budget: Int) {
        slots = Array(repeating: Sniffed(), count: count)
        self.budget = budget
    }

    func set(_ i: Int, _ sniffed: Sniffed) {
        lock.lock(); defer { lock.unlock() }
        var kept = sniffed
        if let c = sniffed.contents {
            if c.count <= budget { budget -= c.count } else { kept.contents = nil }
        }
        slots[i] = kept
    }

    var values: [Sniffed] { lock.lock(); defer { lock.unlock() }; return slots }
}
