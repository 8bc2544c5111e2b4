import Foundation
import FormIR

/// A file to lint: where it is, how to name it in output, and its format when already known.
public struct LintTarget: Sendable, Hashable {
    public var path: String
    public var displayName: String
    public var format: FormatID?
    public init(path: String, displayName: String, format: FormatID? = nil) {
        self.path = path
        self.displayName = displayName
        self.format = format
    }
}

/// Finds the form files under the paths a user names.
public enum LintDiscovery {
    static let candidateExtensions: Set<String> = ["xml", "json", "yaml", "yml", "plist"]
    static let skippedDirectories: Set<String> = [".build", ".git", ".swiftpm", "node_modules", "DerivedData", "Pods"]

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
            for (full, format) in zip(candidates, formFormats(atPaths: candidates)) {
                guard let format else { continue }
                targets.append(LintTarget(path: full, displayName: full, format: format))
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

    /// The format of a file met while walking a directory, or `nil` when it does not look like a form
    /// (a `package.json` or an `Info.plist` is not linted).
    static func formFormat(atPath path: String) -> FormatID? {
        guard let head = LintFileReader.head(atPath: path, limit: FormatDetector.headSize) else { return nil }
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

    /// `formFormat` of each path, in order, sniffed on all cores (each file is opened and read).
    static func formFormats(atPaths paths: [String]) -> [FormatID?] {
        guard paths.count > 1 else { return paths.map(formFormat(atPath:)) }
        let slots = FormatSlots(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { i in slots.set(i, formFormat(atPath: paths[i])) }
        return slots.values
    }
}

/// One result per path, written by concurrent workers (each to its own index) and read after they finish.
private final class FormatSlots: @unchecked Sendable {
    private var slots: [FormatID?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ format: FormatID?) {
        lock.lock(); defer { lock.unlock() }
        slots[i] = format
    }
    var values: [FormatID?] { lock.lock(); defer { lock.unlock() }; return slots }
}
