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

    public func remove() {
        _ = try? Subprocess.run("/bin/chmod", ["-R", "u+rwx", path])
        try? FileManager.default.removeItem(at: url)
    }
}
