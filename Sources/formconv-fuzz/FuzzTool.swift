import Foundation
import FormConvKit

// Two builds of one tool:
//  - normal (`swift run formconv-fuzz …`): deterministic mutation fuzzing of every reader, seeded from
//    examples/ and the test fixtures; the input being run is saved first, so a crash leaves its reproducer.
//  - libFuzzer (`swift build --product formconv-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING`):
//    coverage-guided; the first byte of each input picks the format.
// FORMCONV_FUZZ_FORMATS (comma-separated format ids) limits the formats read; FORMCONV_FUZZ_SKIP_XML=1
// skips XML input (the MM XML and ShinobiForms readers, and property lists that are not binary).

/// The formats this run reads, from the environment.
let scope: FuzzHarness.Scope = {
    let env = ProcessInfo.processInfo.environment
    var formats = Set(FuzzHarness.formats)
    if let list = env["FORMCONV_FUZZ_FORMATS"], !list.isEmpty {
        formats = Set(list.split(separator: ",").compactMap { FormatID(rawValue: $0.trimmingCharacters(in: .whitespaces)) })
    }
    return FuzzHarness.Scope(formats: formats, skipsXML: env["FORMCONV_FUZZ_SKIP_XML"] == "1")
}()

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// SwiftPM links an executable's entry point as `<module>_main`; hand control to libFuzzer's driver.
@_cdecl("formconv_fuzz_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        guard let data else { return 0 }
        FuzzHarness.fuzzOne(Array(UnsafeBufferPointer(start: data, count: size)), scope: scope)
        return 0
    }
}
#else
@main
struct FuzzTool {
    static func main() {
        var seconds = 60.0, iterations = Int.max, seed: UInt64 = 1, maxSeedSize = 1 << 20
        var dirs: [String] = []
        var args = CommandLine.arguments.dropFirst()
        while let a = args.popFirst() {
            switch a {
            case "--seconds": seconds = Double(args.popFirst() ?? "") ?? seconds
            case "--iterations": iterations = Int(args.popFirst() ?? "") ?? iterations
            case "--seed": seed = UInt64(args.popFirst() ?? "") ?? seed
            case "--max-seed-size": maxSeedSize = ByteSize.parse(args.popFirst() ?? "") ?? maxSeedSize
            case "-h", "--help":
                print("usage: formconv-fuzz [--seconds N] [--iterations N] [--seed S] [--max-seed-size SIZE (1M)] [CORPUS_DIR...]  (default: examples Tests)")
                return
            default: dirs.append(a)
            }
        }
        if dirs.isEmpty { dirs = ["examples", "Tests"] }
        let corpus = FuzzHarness.corpus(from: dirs, scope: scope, maxSize: maxSeedSize)
        guard !corpus.isEmpty else {
            FileHandle.standardError.write(Data("formconv-fuzz: no seed files under \(dirs.joined(separator: ", "))\n".utf8))
            exit(2)
        }
        let crashFile = "fuzz-crash-candidate.bin"
        let crashURL = URL(fileURLWithPath: crashFile)
        let started = Date()
        let report = FuzzHarness.run(corpus: corpus, seed: seed, iterations: iterations,
                                     deadline: started.addingTimeInterval(seconds), scope: scope) { format, input in
            // Written in place (not atomically: no temporary file per execution next to the corpus).
            try? Data([UInt8(FuzzHarness.formats.firstIndex(of: format) ?? 0)] + input).write(to: crashURL)
        }
        try? FileManager.default.removeItem(atPath: crashFile)
        if report.slowest > 1, let format = report.slowestFormat {
            // A hang candidate: keep it, in the same layout as a crash reproducer.
            try? Data([UInt8(FuzzHarness.formats.firstIndex(of: format) ?? 0)] + report.slowestInput)
                .write(to: URL(fileURLWithPath: "fuzz-slowest.bin"))
            print("formconv-fuzz: an input took over 1 s; saved as fuzz-slowest.bin")
        }
        let elapsed = Date().timeIntervalSince(started)
        print("formconv-fuzz: \(report.executions) executions in \(String(format: "%.1f", elapsed))s "
              + "(\(Int(Double(report.executions) / max(elapsed, 0.001)))/s), \(corpus.count) seeds, seed \(seed); "
              + "slowest input \(String(format: "%.3f", report.slowest))s (\(report.slowestFormat?.rawValue ?? "-"), \(report.slowestInput.count) bytes)")
        for format in FuzzHarness.formats {
            guard let t = report.byFormat[format] else { continue }
            print("  \(format.rawValue): \(t.executions) executions, \(String(format: "%.1f", t.seconds))s, largest input \(t.largest) bytes")
        }
    }
}
#endif
