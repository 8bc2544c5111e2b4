import Foundation

/// Runs a program to completion and collects its output, for tests that check formconv with independent
/// tools (python3, xmllint, swiftc) or run the built binary. Reads both pipes on their own threads with
/// the throwing API, retrying interrupted reads, so parallel tests never die on EINTR.
public enum Subprocess {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var timedOut: Bool
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func run(_ executable: String, _ arguments: [String], stdin: [UInt8] = [],
                           in directory: URL? = nil, environment: [String: String]? = nil,
                           timeout: TimeInterval = 60) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
        p.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
        if let directory { p.currentDirectoryURL = directory }
        if let environment { p.environment = environment }
        let input = Pipe(), output = Pipe(), error = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = error
        try p.run()
        let group = DispatchGroup()
        let out = Collector(), err = Collector()
        for (pipe, collector) in [(output, out), (error, err)] {
            group.enter()
            DispatchQueue.global().async {
                collector.drain(pipe.fileHandleForReading)
                group.leave()
            }
        }
        DispatchQueue.global().async {
            try? input.fileHandleForWriting.write(contentsOf: stdin)
            try? input.fileHandleForWriting.close()
        }
        let timedOut = group.wait(timeout: .now() + timeout) == .timedOut
        if timedOut { p.terminate() }
        p.waitUntilExit()
        _ = group.wait(timeout: .now() + 5)
        return Result(status: p.terminationStatus, stdout: out.text, stderr: err.text, timedOut: timedOut)
    }

    /// Runs a python3 snippet; throws with its stderr when it exits non-zero.
    public static func python(_ script: String, _ arguments: [String] = [], stdin: String = "") throws -> String {
        let r = try run("python3", ["-c", script] + arguments, stdin: Array(stdin.utf8))
        guard r.status == 0 else { throw Failure(description: "python3 failed (\(r.status)): \(r.stderr)") }
        return r.stdout
    }

    private final class Collector: @unchecked Sendable {
        private var bytes: [UInt8] = []
        private let lock = NSLock()
        func drain(_ handle: FileHandle) {
            while true {
                do {
                    guard let chunk = try handle.read(upToCount: 65536), !chunk.isEmpty else { return }
                    lock.lock(); bytes.append(contentsOf: chunk); lock.unlock()
                } catch let e as NSError where e.domain == NSPOSIXErrorDomain && e.code == Int(EINTR) {
                    continue
                } catch let e as NSError where (e.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(EINTR) {
                    continue
                } catch {
                    return
                }
            }
        }
        var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: bytes, as: UTF8.self) }
    }
}
