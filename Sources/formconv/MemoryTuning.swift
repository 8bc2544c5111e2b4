import CMemoryTuning
import FormConvKit
import FormIR
#if canImport(Glibc)
import Glibc
#endif

/// Whether the command puts malloc's heaps on transparent huge pages for its run (`CMemoryTuning`).
///
/// A conversion of one large input runs faster on them: a 7.5 MB form's conversion took 20,000 page
/// faults, each about 1.7 µs on the machines measured, a fifth of its CPU time; with the heaps on
/// 2 MB pages it takes 5,000 and some 15% less time. The price is memory: a 2 MB page is committed
/// whole, so the peak resident size grows (71 → 95 MB for that form). Small inputs and batches keep
/// the usual 4 KB pages. `FORMCONV_HUGE_PAGES=0` turns it off, `=1` on for any run of `convert`.
enum MemoryTuning {
    /// The input size from which a one-file conversion uses huge pages.
    static let largeInput = 2 << 20
    /// How much more than they need malloc's heaps take each time they grow (address space only).
    static let heapStep = 32 << 20

    /// Whether a run of `plan` uses huge pages: `setting` is `FORMCONV_HUGE_PAGES`, `size` a path's
    /// size when it is a regular file.
    static func wanted(for plan: ConversionPlan, setting: String?, size: (String) -> Int?) -> Bool {
        switch setting {
        case "0": return false
        case "1": return true
        default:
            guard plan.jobs.count == 1, plan.jobs[0].input != "-" else { return false }
            return (size(plan.jobs[0].input) ?? 0) >= largeInput
        }
    }

    /// Applies the setting for `plan`, before any other thread of the run starts.
    static func apply(for plan: ConversionPlan) {
        let setting = getenv("FORMCONV_HUGE_PAGES").map { String(cString: $0) }
        guard wanted(for: plan, setting: setting, size: regularFileSize) else { return }
        if formconv_memory_prefer_huge_pages(heapStep) != 0 {
            SideThread.onStart = { formconv_memory_advise_thread_heap() }
        }
    }

    private static func regularFileSize(_ path: String) -> Int? {
        #if canImport(Glibc)
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
        #else
        return nil
        #endif
    }
}
