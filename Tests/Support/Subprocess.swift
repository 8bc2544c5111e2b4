import Foundation

/// Runs a program to completion and collects its output, for tests that check formconv with independent
/// tools (python3, node, xmllint, swiftc, clang) or run the built binary. Standard input, output and
/// error go through temporary files, not pipes: no read can be interrupted (EINTR) while tests run in
/// parallel, and no pipe buffer can fill up and deadlock.
public enum Subprocess {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var timedOut: Bool
        /// Standard output then standard error, for failure messages.
        public var output: String { stdout + stderr }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Runs `executable` (an absolute path, or a name looked up on PATH) with `arguments`.
    public static func run(_ executable: String, _ arguments: [String], stdin: [UInt8] = [],
                           in directory: URL? = nil, environment: [String: String]? = nil,
                           timeout: TimeInterval = 120) throws -> Result {
        let fm = FileManager.default
        let io = fm.temporaryDirectory.appendingPathComponent("formconv-run-\(UUID().uuidString)")
        try fm.createDirectory(at: io, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: io) }
        let inURL = io.appendingPathComponent("in"), outURL = io.appendingPathComponent("out"),
            errURL = io.appendingPathComponent("err")
        _ = fm.createFile(atPath: inURL.path, contents: Data(stdin))
        _ = fm.createFile(atPath: outURL.path, contents: nil)
        _ = fm.createFile(atPath: errURL.path, contents: nil)
        let inH = try FileHandle(forReadingFrom: inURL), outH = try FileHandle(forWritingTo: outURL),
            errH = try FileHandle(forWritingTo: errURL)
        defer { try? inH.close(); try? outH.close(); try? errH.close() }

        let p = Process()
        if executable.hasPrefix("/") {
            p.executableURL = URL(fileURLWithPath: executable)
            p.arguments = arguments
        } else {
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = [executable] + arguments
        }
        if let directory { p.currentDirectoryURL = directory }
        if let environment { p.environment = environment }
        p.standardInput = inH
        p.standardOutput = outH
        p.standardError = errH
        try p.run()
        // SIGKILL: the child inherits the signal mask of the thread that spawned it, and test threads
        // block SIGTERM, which `terminate()` sends.
        let killer = DispatchWorkItem { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
        p.waitUntilExit()
        let timedOut = killer.isCancelled == false && p.terminationReason == .uncaughtSignal
        killer.cancel()
        return Result(status: p.terminationStatus,
                      stdout: String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self),
                      stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self),
                      timedOut: timedOut)
    }

    /// Runs a python3 snippet; throws with its stderr when it exits non-zero.
    public static func python(_ script: String, _ arguments: [String] = [], stdin: String = "") throws -> String {
        try python(script, arguments, input: Array(stdin.utf8))
    }

    public static func python(_ script: String, _ arguments: [String] = [], input: [UInt8]) throws -> String {
        let r = try run("python3", ["-c", script] + arguments, stdin: input)
        guard r.status == 0 else { throw Failure("python3 failed (\(r.status)): \(r.stderr)") }
        return r.stdout
    }

    /// Whether `tool` is on PATH.
    public static func which(_ tool: String) -> Bool {
        (try? run("which", [tool]).status == 0) ?? false
    }
}
