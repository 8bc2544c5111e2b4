import Foundation
import Testing
import FormConvTestSupport

/// SIGINT or SIGTERM in the middle of a batch (issue 24, item 7): the run ends by the signal, as any
/// command would, and leaves none of its hidden `.NAME.formconv-XXXXXXXX` temporary files behind (they
/// were left, up to 7.4 MB each). The signal is sent the moment inotify reports the first temporary file,
/// so it lands while one exists (a 1 MB output takes milliseconds to write), whatever the machine's speed.
@Suite struct InterruptTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func signalMidBatchRemovesTemporaryFiles(_ signo: Int32) throws {
        let dir = try ScratchDirectory("interrupt")
        defer { dir.remove() }
        let form = GeneratedForms.mmxml(items: 6000)
        for i in 0..<6 { try dir.write(form, to: "in/form\(i).xml") }
        try FileManager.default.createDirectory(atPath: dir.path("out"), withIntermediateDirectories: true)
        let watch = try DirectoryWatch(dir.path("out"))
        let run = try SpawnedProcess(TestPaths.formconv.path, [dir.path("in"), "--to", "json", "-o", dir.path("out"), "-q"],
                                     log: dir.path("log"))
        let sawTemporaryFile = watch.waitForCreation(where: { $0.contains(".formconv-") }, unless: { run.hasEnded })
        kill(run.pid, signo)
        let ending = run.wait()
        #expect(sawTemporaryFile, "the batch wrote no output")
        #expect(ending == .signalled(signo), "\(ending); log: \((try? String(contentsOfFile: dir.path("log"), encoding: .utf8)) ?? "")")
        let left = dir.names(in: "out").filter { $0.contains(".formconv-") }
        #expect(left.isEmpty, "temporary files left: \(left)")
    }
}
