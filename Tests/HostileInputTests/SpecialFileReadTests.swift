import Foundation
import Testing
import FormConvKit
import FormConvTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 38: a configuration or baseline that is a FIFO, a device or a socket is refused before it is
/// opened (opening a FIFO with no writer waited forever), with the documented exit status 64
/// (docs/cli.md, "Exit status"). Each run has a subprocess timeout: a run that blocks fails.
@Suite struct SpecialFileReadTests {
    static func folder(_ label: String) throws -> ScratchDirectory {
        let dir = try ScratchDirectory(label)
        let signup = try String(contentsOf: TestPaths.repo.appendingPathComponent("examples/signup.xml"), encoding: .utf8)
        _ = try dir.write(signup, to: "forms/form.xml")
        #expect(mkfifo(dir.path("pipe"), 0o644) == 0)
        return dir
    }

    @Test(arguments: [["lint", "forms", "--config", "pipe"], ["forms/form.xml", "--to", "json", "-o", "out.json", "--config", "pipe"]])
    func configurationFIFOIsRefusedUnopened(_ arguments: [String]) throws {
        let dir = try Self.folder("special-config-fifo")
        defer { dir.remove() }
        let r = try TestPaths.runFormconv(arguments, in: dir.url, timeout: 30)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("cannot read configuration file: cannot read pipe: a FIFO, not a regular file [config.unreadable]"),
                "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.json")))
    }

    @Test func baselineFIFOIsRefusedUnopened() throws {
        let dir = try Self.folder("special-baseline-fifo")
        defer { dir.remove() }
        let r = try TestPaths.runFormconv(["lint", "forms", "--baseline", "pipe"], in: dir.url, timeout: 30)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("--baseline: cannot read pipe: a FIFO, not a regular file"), "\(r.stderr)")
    }

    /// `/dev/zero` never ends and `/dev/null` is always empty: neither is a configuration or a baseline
    /// (the empty one read as "no rules" would hide a mistyped path).
    @Test(arguments: ["/dev/zero", "/dev/null"])
    func devicesAreRefused(_ device: String) throws {
        let dir = try Self.folder("special-device")
        defer { dir.remove() }
        let config = try TestPaths.runFormconv(["lint", "forms", "--config", device], in: dir.url, timeout: 30)
        #expect(config.status == 64, "\(config.stderr)")
        #expect(config.stderr.contains("cannot read \(device): a character device, not a regular file"), "\(config.stderr)")
        let baseline = try TestPaths.runFormconv(["lint", "forms", "--baseline", device], in: dir.url, timeout: 30)
        #expect(baseline.status == 64, "\(baseline.stderr)")
        #expect(baseline.stderr.contains("--baseline: cannot read \(device): a character device, not a regular file"), "\(baseline.stderr)")
    }

    /// The reader itself: a FIFO is refused without blocking; a regular file and a link to one are read.
    @Test func regularReadsTakeOnlyRegularFiles() throws {
        let dir = try Self.folder("special-reader")
        defer { dir.remove() }
        #expect(InputLoader.readRegularFile(dir.path("pipe"), limit: 1 << 20) == .failure(.unreadable("a FIFO, not a regular file")))
        #expect(InputLoader.readRegularFile(dir.path("forms"), limit: 1 << 20) == .failure(.isDirectory))
        _ = try dir.write("rules: {}\n", to: "c.yml")
        #expect(symlink(dir.path("c.yml"), dir.path("link.yml")) == 0)
        #expect(InputLoader.readRegularFile(dir.path("link.yml"), limit: 1 << 20) == .success(Array("rules: {}\n".utf8)))
        #expect(InputLoader.readRegularFile(dir.path("c.yml"), limit: 4) == .failure(.tooLarge(size: 10, limit: 4)))
    }
}
