import Foundation
import Testing
import FormConvTestSupport

/// What `-o` and `--report` do with paths that are not plain files (issue 24, items 2, 8a, 8c): a
/// device or a FIFO is written in place (a rename over it, as root, replaced `/dev/null` with a regular
/// file), a symbolic link's target is replaced and the link kept, an input is never written over, and
/// a read-only file system is named as such.
@Suite struct OutputPathTests {
    static let isRoot = getuid() == 0
    static let signup = TestPaths.examples.appendingPathComponent("signup.xml").path

    /// The file type `ls -l` would show: `c` character device, `p` FIFO, `l` link, `-` regular, `?` missing.
    static func kind(_ path: String) -> Character {
        var info = stat()
        guard lstat(path, &info) == 0 else { return "?" }
        switch info.st_mode & S_IFMT {
        case S_IFCHR: return "c"
        case S_IFIFO: return "p"
        case S_IFLNK: return "l"
        case S_IFREG: return "-"
        default: return "x"
        }
    }

    /// A null device of the test's own (mknod needs root), standing in for `/dev/null`.
    @Test(.enabled(if: isRoot, "mknod needs root"))
    func deviceOutputStaysADevice() throws {
        let dir = try ScratchDirectory("device-out")
        defer { dir.remove() }
        // Major 1, minor 3: the null device.
        #expect(mknod(dir.path("null"), S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)
        let r = try TestPaths.runFormconv([Self.signup, "--to", "json", "-o", "null", "--report", "null", "-q"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.kind(dir.path("null")) == "c", "the device node was replaced")
        #expect(dir.names() == ["null"], "nothing else is left: \(dir.names())")
    }

    /// A FIFO with a reader gets the output through the pipe and stays a FIFO.
    @Test func fifoOutputIsWrittenThrough() throws {
        let dir = try ScratchDirectory("fifo-out")
        defer { dir.remove() }
        let fifo = dir.path("out.json")
        #expect(mkfifo(fifo, 0o644) == 0)
        // Opened without waiting, so that a run that renamed over the FIFO fails the test instead of hanging it.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let r = try TestPaths.runFormconv([Self.signup, "--to", "json", "-o", "out.json", "-q"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case let n = read(reader, &buffer, buffer.count), n > 0 { received += buffer[..<n] }
        let expected = try TestPaths.runFormconv([Self.signup, "--to", "json", "-q"]).stdout
        #expect(String(decoding: received, as: UTF8.self) == expected)
        #expect(Self.kind(fifo) == "p", "the FIFO was replaced")
    }

    /// The file a link leads to is replaced (created when missing), and the link stays a link.
    @Test func symbolicLinkTargetIsReplaced() throws {
        let dir = try ScratchDirectory("link-out")
        defer { dir.remove() }
        try dir.write("old", to: "real/target.json")
        #expect(symlink("real/target.json", dir.path("link.json")) == 0)
        #expect(symlink("missing/new.json", dir.path("dangling.json")) == 0)
        for link in ["link.json", "dangling.json"] {
            let r = try TestPaths.runFormconv([Self.signup, "--to", "json", "-o", link, "-q"], in: dir.url)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(Self.kind(dir.path(link)) == "l", "\(link) was replaced")
        }
        for target in ["real/target.json", "missing/new.json"] {
            #expect(try String(contentsOfFile: dir.path(target), encoding: .utf8).hasPrefix("{\n  \"title\": \"Sign up\""))
        }
        #expect(dir.names(in: "real") == ["target.json"] && dir.names(in: "missing") == ["new.json"])
    }

    /// `formconv f.json --to json -o f.json` rewrote its own input; now nothing is written and the run
    /// fails with `output.is-input` (exit 73), whichever way the output names the input.
    @Test(arguments: [["f.json", "-o", "f.json"], ["f.json", "-o", "./"], ["./f.json", "-o", "link.json"],
                      ["a.xml", "f.json", "-o", "."], ["f.json", "-o", "out.json", "--report", "link.json"]])
    func inputIsNeverOverwritten(_ arguments: [String]) throws {
        let dir = try ScratchDirectory("output-is-input")
        defer { dir.remove() }
        let original = try String(contentsOf: TestPaths.examples.appendingPathComponent("expense-report.rows.json"), encoding: .utf8)
        try dir.write(original, to: "f.json")
        try dir.write(try String(contentsOfFile: Self.signup, encoding: .utf8), to: "a.xml")
        #expect(symlink("f.json", dir.path("link.json")) == 0)
        let r = try TestPaths.runFormconv(arguments + ["--to", "json", "-q"], in: dir.url)
        #expect(r.status == 73, "\(arguments): \(r.stderr)")
        #expect(r.stderr.contains("is the input ") && r.stderr.contains("[output.is-input]"), "\(r.stderr)")
        #expect(try String(contentsOfFile: dir.path("f.json"), encoding: .utf8) == original)
    }

    /// A directory converted into itself converted nothing and exited 0; now it is a usage error. An
    /// input directory inside the output directory is walked whole (it too converted nothing).
    @Test func outputDirectoryAndInputDirectory() throws {
        let dir = try ScratchDirectory("output-dir-is-input")
        defer { dir.remove() }
        try dir.write(try String(contentsOfFile: Self.signup, encoding: .utf8), to: "forms/in/a.xml")
        let same = try TestPaths.runFormconv(["forms/in", "--to", "json", "-o", "./forms/in/", "-q"], in: dir.url)
        #expect(same.status == 64 && same.stderr.contains("is the input directory"), "\(same.stderr)")
        let inside = try TestPaths.runFormconv(["forms/in", "--to", "json", "-o", "forms", "-q"], in: dir.url)
        #expect(inside.status == 0 && inside.stderr.hasSuffix("\nconverted 1, failed 0, losses 34\n"), "\(inside.stderr)")
        #expect(dir.names(in: "forms") == ["a.json", "in"])
    }

    /// A read-only file system was reported as "permission denied". The mount is made in a mount
    /// namespace of its own, so nothing outside the test sees it.
    @Test(.enabled(if: isRoot && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"), "needs root and unshare"))
    func readOnlyFileSystemIsNamed() throws {
        let dir = try ScratchDirectory("read-only")
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.path("ro"), withIntermediateDirectories: true)
        let script = "mount -t tmpfs -o ro none ro && exec \"$0\" \"$@\""
        let r = try Subprocess.run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", script, TestPaths.formconv.path,
                                                        Self.signup, "--to", "json", "-o", "ro/out.json", "-q"], in: dir.url)
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.hasSuffix("error: cannot write ro/out.json: read-only file system [output.cannot-create]\n"), "\(r.stderr)")
    }
}
