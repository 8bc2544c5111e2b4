import Foundation
import Testing
import FormConvTestSupport

/// A large one-file conversion runs with malloc's heaps on transparent huge pages
/// (Sources/formconv/MemoryTuning.swift); `FORMCONV_HUGE_PAGES` turns that
/// off (`0`) or on for any input (`1`). The output must not depend on it, and where the system has
/// huge pages, the run must take far fewer page faults with them.
@Suite(.serialized) struct HugePagesTests {
    /// A 2.5 MB form from the benchmark's generator: over the 2 MiB from which huge pages are used.
    static let largeForm = generatedForm(items: 10_000)
    /// A 10 MB form: its main heap is made 80 MB, in more than one step of malloc's growth.
    static let largerForm = generatedForm(items: 40_000)
    /// A 15 MB form: the other threads' arena heaps hold more than 32 MB.
    static let largestForm = generatedForm(items: 60_000)

    static func generatedForm(items: Int) -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("formconv-hugepages-\(getpid())-\(items)")
        let script = TestPaths.repo.appendingPathComponent("bench/generate.py").path
        _ = try? Subprocess.run("/usr/bin/env", ["python3", script, dir.path, "--items", String(items), "--forms", "0"])
        return dir.appendingPathComponent("big.xml")
    }

    /// The environment of a run with `FORMCONV_HUGE_PAGES` set to `setting`, converting whole: an MM
    /// XML form converted to JSON a page at a time keeps 4 KB pages (`PageWiseConversion`).
    static func environment(_ setting: String?) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["FORMCONV_HUGE_PAGES"] = setting
        env["FORMCONV_PAGEWISE"] = "0"
        return env
    }

    @Test(arguments: ["json", "xlform", "json-schema", "mmxml"])
    func outputDoesNotDependOnTheSetting(target: String) throws {
        let path = Self.largeForm.path
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 2 << 20, "the form is large enough for huge pages by default")
        let off = try TestPaths.runFormconv([path, "--to", target], environment: Self.environment("0"))
        #expect(off.status == 0 || off.status == 1)
        #expect(off.stdout.count > 1_000_000)
        for setting in [nil, "1"] {
            let on = try TestPaths.runFormconv([path, "--to", target], environment: Self.environment(setting))
            #expect(on.status == off.status)
            #expect(on.stdout == off.stdout)
            #expect(on.stderr == off.stderr)
        }
    }

    @Test func smallInputsAreTheSameWithHugePagesForced() throws {
        let example = TestPaths.examples.appendingPathComponent("signup.xml").path
        for target in ["json", "mmxml", "ir"] {
            let off = try TestPaths.runFormconv([example, "--to", target], environment: Self.environment("0"))
            let on = try TestPaths.runFormconv([example, "--to", target], environment: Self.environment("1"))
            #expect(off.status == on.status)
            #expect(off.stdout == on.stdout && !off.stdout.isEmpty)
            #expect(off.stderr == on.stderr)
        }
    }

    /// The minor page faults of one conversion of `form`, counted by python3 around it. (Counted that
    /// way, a run also shows some 6,500 faults that are python's: `conversionPageFaults` takes them off.)
    static func pageFaults(_ setting: String?, form: URL = largeForm) throws -> Int {
        try pageFaults(setting, arguments: [form.path, "--to", "json"])
    }

    /// The minor page faults of one run of formconv with `arguments`, counted the same way.
    static func pageFaults(_ setting: String?, arguments: [String]) throws -> Int {
        let counter = """
            import resource, subprocess, sys
            subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt)
            """
        let r = try Subprocess.run("/usr/bin/env", ["python3", "-c", counter, TestPaths.formconv.path] + arguments,
                                   environment: environment(setting))
        return try #require(Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// `pageFaults` less those of a run that converts nothing (`--version`): the conversion's own.
    static func conversionPageFaults(_ setting: String?, form: URL) throws -> Int {
        try pageFaults(setting, form: form) - pageFaults(setting, arguments: ["--version"])
    }

    /// Expects the conversion of `form` to take, by default (huge pages), fewer page faults of its own
    /// than `fraction` of those it takes on 4 KB pages.
    static func expectOwnFaultsWithHugePages(of form: URL, under fraction: Double,
                                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let off = try conversionPageFaults("0", form: form)
        let byDefault = try conversionPageFaults(nil, form: form)
        #expect(Double(byDefault) < fraction * Double(off), "\(byDefault) page faults with huge pages, \(off) without",
                sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: HugePagesTests.hugePagesOnRequest, "transparent huge pages are not in `madvise` mode here"),
          .enabled(if: !HugePagesTests.sanitized, "a sanitizer's allocator replaces glibc's malloc"))
    func largeConversionTakesFarFewerPageFaults() throws {
        let off = try Self.pageFaults("0")
        let byDefault = try Self.pageFaults(nil)
        // Measured on the 2.5 MB form: some 8,000 faults on 4 KB pages, some 2,500 with huge pages.
        #expect(Double(byDefault) < 0.7 * Double(off), "\(byDefault) page faults with huge pages, \(off) without")
    }

    /// The main heap is grown to its full size before the conversion and all of it advised: when the
    /// growth stopped after the first step, a 10 MB form took 5,300 faults of its own with huge pages,
    /// 20% of the 26,700 on 4 KB pages, instead of 2,000–2,500 (8–10%; 200–300, 1%, since the heaps'
    /// first stretches are stepped over, below).
    @Test(.enabled(if: HugePagesTests.hugePagesOnRequest, "transparent huge pages are not in `madvise` mode here"),
          .enabled(if: !HugePagesTests.sanitized, "a sanitizer's allocator replaces glibc's malloc"))
    func largerInputsGetAHeapOfTheirSize() throws {
        try Self.expectOwnFaultsWithHugePages(of: Self.largerForm, under: 0.14)
    }

    /// No large block of the run lands in a 2 MB stretch that malloc wrote before it was advised (and
    /// that is therefore on 4 KB pages): the main heap grows in one block, with headers only at its
    /// ends, and a spacer fills the rest of the stretch at the old break and of each side thread's
    /// first arena stretch. Before, the 2.5 MB form took 730–1,950 faults of its own with huge pages,
    /// 10–28% of the ~7,000 on 4 KB pages (the input's read, the records and the other thread's first
    /// blocks in such stretches); now 170–190, 2.5%.
    @Test(.enabled(if: HugePagesTests.hugePagesOnRequest, "transparent huge pages are not in `madvise` mode here"),
          .enabled(if: !HugePagesTests.sanitized, "a sanitizer's allocator replaces glibc's malloc"))
    func noLargeBlockLandsOnStretchesWrittenBeforeTheAdvice() throws {
        try Self.expectOwnFaultsWithHugePages(of: Self.largeForm, under: 0.06)
    }

    /// The other threads' arena heaps are writable whole from the start (`M_TOP_PAD` 64 MB): with
    /// 32 MB glibc grew them past that page by page, and the stretch at the writable end took no huge
    /// page. The 15 MB form took 2,380 faults with huge pages (some 1,900 of its own, 5% of the 4 KB
    /// run's); now 660 (0.6%).
    @Test(.enabled(if: HugePagesTests.hugePagesOnRequest, "transparent huge pages are not in `madvise` mode here"),
          .enabled(if: !HugePagesTests.sanitized, "a sanitizer's allocator replaces glibc's malloc"))
    func otherThreadsHeapsTakeHugePagesWhole() throws {
        try Self.expectOwnFaultsWithHugePages(of: Self.largestForm, under: 0.025)
    }

    /// Whether this build runs under a sanitizer (and so the binary under test with its allocator).
    static var sanitized: Bool {
        dlsym(nil, "__tsan_init") != nil
            || dlsym(nil, "__asan_init") != nil
    }

    /// Whether the system gives huge pages to memory that asks for them, and only to it (`madvise`
    /// mode; under `always` the 4 KB run would get some too, and under `never` neither does).
    static var hugePagesOnRequest: Bool {
        let mode = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? ""
        return mode.contains("[madvise]")
    }
}
