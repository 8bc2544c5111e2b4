import Foundation

/// A fresh directory under the system's temporary directory, for one test; `remove()` deletes it
/// (permissions a test took away are given back first).
public struct ScratchDirectory: Sendable {
    public let url: URL
    public var path: String { url.path }

    public init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("formconv-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The absolute path of `relative` inside the directory.
    public func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    /// Writes `text` to `relative`, creating the folders on the way.
    @discardableResult
    public func write(_ text: String, to relative: String) throws -> String {
        try write(Array(text.utf8), to: relative)
    }

    @discardableResult
    public func write(_ bytes: [UInt8], to relative: String) throws -> String {
        let target = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: target)
        return target.path
    }

    /// The names in `relative` (the directory itself by default), hidden ones included, sorted.
    public func names(in relative: String = ".") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(relative))) ?? []).sorted()
    }

    /// Creates an empty file whose name is `name` followed by the raw bytes `suffix` (which need not
    /// be UTF-8, so that no `String` can name it).
    public func createFile(named name: String, rawSuffix suffix: [UInt8]) {
        let bytes = Array((path + "/" + name).utf8) + suffix + [0]
        let fd = open(bytes.map { CChar(bitPattern: $0) }, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if fd >= 0 { close(fd) }
    }

    public func remove() {
        _ = try? Subprocess.run("/bin/chmod", ["-R", "u+rwx", path])
        // rm, not FileManager: it removes names that are not UTF-8 too.
        _ = try? Subprocess.run("/bin/rm", ["-rf", path])
    }
}
