import Foundation
import Testing
import FormConvTestSupport

/// Directory walks of `convert` and `lint` (issue 24, items 5 and 6): only regular files are read, links
/// to directories are not followed, and whatever cannot be read is an error, never passed over in silence.
@Suite struct DirectoryWalkTests {
    static let signup = try! String(contentsOf: TestPaths.examples.appendingPathComponent("signup.xml"), encoding: .utf8)
    static let canDropPrivileges = getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/sbin/capsh")

    /// A folder holding one good form.
    static func folder(_ label: String) throws -> ScratchDirectory {
        let dir = try ScratchDirectory(label)
        try dir.write(signup, to: "in/signup.xml")
        return dir
    }

    /// Runs formconv, with a limit so that a hang fails the test instead of stalling the suite.
    static func run(_ arguments: [String], in dir: ScratchDirectory) throws -> Subprocess.Result {
        let r = try TestPaths.runFormconv(arguments, in: dir.url, timeout: 30)
        #expect(!r.timedOut, "\(arguments) hung")
        return r
    }

    /// formconv as a user whom permissions stop: root reads everything, so as root the command runs
    /// under capsh without the capabilities that bypass them.
    static func runUnprivileged(_ arguments: [String], in dir: ScratchDirectory) throws -> Subprocess.Result {
        guard getuid() == 0 else { return try run(arguments, in: dir) }
        let command = ([TestPaths.formconv.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try Subprocess.run("/usr/sbin/capsh", ["--drop=cap_dac_override,cap_dac_read_search", "--", "-c", command],
                                  in: dir.url, timeout: 30)
    }

    /// A FIFO named `*.xml` made both commands wait forever for a writer.
    @Test func fifoIsNotRead() throws {
        let dir = try Self.folder("walk-fifo")
        defer { dir.remove() }
        #expect(mkfifo(dir.path("in/pipe.xml"), 0o644) == 0)
        let convert = try Self.run(["in", "--to", "json", "-o", "out", "-q"], in: dir)
        #expect(convert.status == 66, "\(convert.stderr)")
        #expect(convert.stderr.hasPrefix("in/pipe.xml: error: cannot read in/pipe.xml: a FIFO, not a regular file [input.unreadable]\n"
                + "failed: in/pipe.xml\n"))
        #expect(convert.stderr.hasSuffix("converted 1, failed 1, losses 34\n"))
        let lint = try Self.run(["lint", "in"], in: dir)
        #expect(lint.status == 66)  // docs/cli.md: whatever the walk cannot read exits 66, in lint too
        #expect(lint.stdout == "in/pipe.xml:1:1: error: cannot read in/pipe.xml: a FIFO, not a regular file [parse-error]\n")
        #expect(lint.stderr.hasPrefix("Linted "), "findings on standard output, the summary on standard error")
    }

    /// `ln -s . a` made lint lint every file 41 times; two such links made the walk exponential.
    @Test func linksToDirectoriesAreNotFollowed() throws {
        let dir = try Self.folder("walk-loops")
        defer { dir.remove() }
        #expect(symlink(".", dir.path("in/a")) == 0 && symlink(".", dir.path("in/b")) == 0)
        let lint = try Self.run(["lint", "in"], in: dir)
        #expect(lint.status == 0, "\(lint.stderr)")
        #expect(lint.stderr.hasPrefix("Linted 1 file (passed over: 2 links to directories): 0 errors"), "\(lint.stderr)")
        let verbose = try Self.run(["lint", "in", "--verbose"], in: dir)
        #expect(verbose.stderr.hasPrefix("in/a: passed over (a symbolic link to a directory, not followed)\n"
                                         + "in/b: passed over (a symbolic link to a directory, not followed)\n"
                                         + "Linted 1 file (passed over: 2 links to directories): 0 errors"), "\(verbose.stderr)")
        let convert = try Self.run(["in", "--to", "json", "-o", "out", "--fail-on", "error"], in: dir)
        #expect(convert.status == 0)
        #expect(convert.stderr.hasPrefix("in/a: note: a symbolic link to a directory, not followed"), "\(convert.stderr.prefix(300))")
        #expect(convert.stderr.hasSuffix("converted 1, failed 0, losses 34\n"))
    }

    /// An unreadable folder and file: convert skipped the folder, lint skipped both.
    @Test(.enabled(if: canDropPrivileges, "needs a user without CAP_DAC_OVERRIDE"))
    func unreadableEntriesAreErrors() throws {
        let dir = try Self.folder("walk-unreadable")
        defer { dir.remove() }
        try dir.write(Self.signup, to: "in/locked/inner.xml")
        try dir.write(Self.signup, to: "in/secret.xml")
        #expect(chmod(dir.path("in/locked"), 0) == 0 && chmod(dir.path("in/secret.xml"), 0) == 0)
        let convert = try Self.runUnprivileged(["in", "--to", "json", "-o", "out", "-q"], in: dir)
        #expect(convert.status == 66)
        #expect(convert.stderr.hasPrefix("in/locked: error: cannot read in/locked: permission denied [input.unreadable]\n"
                + "in/secret.xml: error: cannot read in/secret.xml: permission denied [input.unreadable]\n"
                + "failed: in/locked\nfailed: in/secret.xml\n"))
        #expect(convert.stderr.hasSuffix("converted 1, failed 2, losses 34\n"))
        let lint = try Self.runUnprivileged(["lint", "in"], in: dir)
        #expect(lint.status == 66)  // docs/cli.md: whatever the walk cannot read exits 66, in lint too
        #expect(lint.stdout == "in/locked:1:1: error: cannot read in/locked: permission denied [parse-error]\n"
                + "in/secret.xml:1:1: error: cannot read in/secret.xml: permission denied [parse-error]\n")
        #expect(lint.stderr.hasPrefix("Linted "))
    }

    /// Empty and garbage files: with one of formconv's compound extensions they are linted (and fail);
    /// others are passed over, counted in the summary and listed by `--verbose`. A folder of such files
    /// said `Linted 0 files` and exited 0.
    @Test func lintCountsWhatItPassesOver() throws {
        let dir = try ScratchDirectory("walk-not-forms")
        defer { dir.remove() }
        try dir.write("", to: "in/empty.shinobi.xml")
        try dir.write([0x00, 0x9C, 0xFF, 0x01], to: "in/garbage.rmsform.plist")
        try dir.write("", to: "in/empty.xml")
        try dir.write("{\"name\": \"pkg\"}", to: "in/package.json")
        let quiet = try Self.run(["lint", "in"], in: dir)
        #expect(quiet.status == 1)
        let lines = quiet.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(lines.map { $0.prefix { $0 != ":" } } == ["in/empty.shinobi.xml", "in/garbage.rmsform.plist"])
        #expect(quiet.stderr.hasPrefix("Linted 2 files (passed over: 2 not forms): 2 errors, 0 warnings, 0 notes in "), "\(quiet.stderr)")
        let verbose = try Self.run(["lint", "in", "-v"], in: dir)
        #expect(verbose.stderr.hasPrefix("in/empty.xml: passed over (not a form)\nin/package.json: passed over (not a form)\nLinted "))
    }

    /// A name that is not UTF-8 cannot be opened through a `String` path: both commands say so.
    @Test func namesThatAreNotUTF8AreReported() throws {
        let dir = try Self.folder("walk-latin1")
        defer { dir.remove() }
        dir.createFile(named: "in/caf", rawSuffix: [0xE9] + Array(".xml".utf8))
        let convert = try Self.run(["in", "--to", "json", "-o", "out", "-q"], in: dir)
        #expect(convert.status == 66)
        #expect(convert.stderr.hasPrefix("in/caf\\xE9.xml: error: cannot read in/caf\\xE9.xml: its name is not valid UTF-8"), "\(convert.stderr)")
        let lint = try Self.run(["lint", "in"], in: dir)
        #expect(lint.status == 66)  // docs/cli.md: whatever the walk cannot read exits 66, in lint too
        #expect(lint.stdout.hasPrefix("in/caf\\xE9.xml:1:1: error: cannot read in/caf\\xE9.xml: its name is not valid UTF-8"))
    }
}
