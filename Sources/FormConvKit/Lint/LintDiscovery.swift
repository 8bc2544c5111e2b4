import Foundation
import FormIR

/// A file to lint: where it is, how to name it in output, and its format when already known.
public struct LintTarget: Sendable, Hashable {
    public var path: String
    public var displayName: String
    public var format: FormatID?
    /// The whole file when discovery already read all of it to sniff its format (small files, within
    /// `LintDiscovery.keptBytesBudget`), so that linting does not open and read it a second time.
    var contents: [UInt8]?

    public init(path: String, displayName: String, format: FormatID? = nil) {
        self.path = path
        self.displayName = displayName
        self.format = format
    }

    /// Equal when path, name and format are: `contents` is a cache, not part of the value.
    public static func == (a: LintTarget, b: LintTarget) -> Bool {
        a.path == b.path && a.displayName == b.displayName && a.format == b.format
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(displayName)
        hasher.combine(format)
    }
}

/// Finds the form files under the paths a user names.
public enum LintDiscovery {
    static let candidateExtensions: Set<String> = ["xml", "json", "yaml", "yml", "plist"]
    static let skippedDirectories: Set<String> = [".build", ".git", ".swiftpm", "node_modules", "DerivedData", "Pods"]
    /// At most this many bytes of sniffed files are kept for linting (`LintTarget.contents`); the rest
    /// are read again when linted.
    static let keptBytesBudget = 32 << 20

    /// Files named directly are always linted (their format detected, `--from` style); directories are
    /// walked, keeping files whose extension and content look like a form. Missing paths are returned
    /// as errors.
    public static func discover(_ paths: [String], config: LintConfig) -> (targets: [LintTarget], missing: [String]) {
        var targets: [LintTarget] = []
        var missing: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else { missing.append(path); continue }
            if !isDir.boolValue {
                if !config.excludes(path) { targets.append(LintTarget(path: path, displayName: path)) }
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            var found: [String] = []
            walk(base, relative: "", into: &found, config: config)
            var candidates: [String] = []
            for rel in found.sorted() {
                let full = base == "." ? rel : "\(base)/\(rel)"
                if config.excludes(full) || config.excludes(rel) { continue }
                candidates.append(full)
            }
            for (full, sniffed) in zip(candidates, sniff(candidates)) {
                guard let format = sniffed.format else { continue }
                var target = LintTarget(path: full, displayName: full, format: format)
                target.contents = sniffed.contents
                targets.append(target)
            }
        }
        return (targets, missing)
    }

    private static func walk(_ base: String, relative: String, into found: inout [String], config: LintConfig) {
        let dir = relative.isEmpty ? base : "\(base)/\(relative)"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for name in names where !name.hasPrefix(".") && !skippedDirectories.contains(name) {
            let rel = relative.isEmpty ? name : "\(relative)/\(name)"
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: "\(base)/\(rel)", isDirectory: &isDir) else { continue }
            if isDir.boolValue {
                if !config.excludes(rel + "/") { walk(base, relative: rel, into: &found, config: config) }
            } else if candidateExtensions.contains((name as NSString).pathExtension.lowercased()) {
                found.append(rel)
            }
        }
    }

    /// The format of a file met while walking a directory (`nil` when it does not look like a form: a
    /// `package.json` or an `Info.plist` is not linted), with the file's bytes when the head read was
    /// all of it.
    private static func sniff(_ path: String) -> (format: FormatID?, contents: [UInt8]?) {
        guard let (head, complete) = LintFileReader.head(atPath: path, limit: FormatDetector.headSize) else {
            return (nil, nil)
        }
        // A right-sized copy: the head buffer has room for the whole `headSize`, and kept files stay in
        // memory until they are linted.
        return (formFormat(head: head, path: path), complete ? head.withUnsafeBufferPointer { Array($0) } : nil)
    }

    private static func formFormat(head: [UInt8], path: String) -> FormatID? {
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
    private static func sniff(_ paths: [String]) -> [(format: FormatID?, contents: [UInt8]?)] {
        let slots = SniffSlots(count: paths.count, budget: keptBytesBudget)
        DispatchQueue.concurrentPerform(iterations: paths.count) { i in
            let (format, contents) = sniff(paths[i])
            slots.set(i, format, contents: format == nil ? nil : contents)
        }
        return slots.values
    }
}

/// One sniffing result per path, written by concurrent workers (each to its own index) and read after
/// they finish; contents are dropped once `budget` bytes are kept.
private final class SniffSlots: @unchecked Sendable {
    private var slots: [(format: FormatID?, contents: [UInt8]?)]
    private var budget: Int
    private let lock = NSLock()

    init(count: Int, budget: Int) {
        slots = Array(repeating: (nil, nil), count: count)
        self.budget = budget
    }

    func set(_ i: Int, _ format: FormatID?, contents: [UInt8]?) {
        lock.lock(); defer { lock.unlock() }
        var kept = contents
        if let c = contents {
            if c.count <= budget { budget -= c.count } else { kept = nil }
        }
        slots[i] = (format, kept)
    }

    var values: [(format: FormatID?, contents: [UInt8]?)] { lock.lock(); defer { lock.unlock() }; return slots }
}
