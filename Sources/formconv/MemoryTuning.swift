import FormConvKit
import FormIR
#if canImport(Glibc)
import CMalloc
import Glibc
import Synchronization
#endif

/// Whether the command puts malloc's heaps on transparent huge pages for its run, and doing it.
///
/// A conversion of one large input runs faster on them. A 7.5 MB form's conversion took 19,700 page
/// faults, each about 1.7 µs on the machines measured (memory-cgroup accounting, a virtual machine):
/// a fifth of its CPU time. On 2 MB pages, one fault maps 512 pages: it takes about 650 (440 of them
/// the start-up's), and 70–77 ms instead of 96–105. The price is memory: a 2 MB page is committed
/// whole, so the peak resident size grows (69 → 82–86 MB for that form). On a virtual machine whose
/// memory was never touched since it booted, the host backs each fresh page on its first touch, and a
/// run that gets such huge pages saves little (README, Performance). Small inputs, batches, standard
/// input and `lint` keep 4 KB pages.
/// `FORMCONV_HUGE_PAGES=0` turns it off, `=1` on for any run of `convert`.
///
/// How, with glibc on Linux (THP in `madvise` or `always` mode; elsewhere nothing happens):
/// - `M_TOP_PAD`: each heap grows by `heapStep` more than it needs (address space only: a page is
///   committed when first written), so heaps grow in few large steps that can be advised once;
/// - the main heap is grown at once to `mainHeapPerInputByte` times the input and advised
///   (`MADV_HUGEPAGE`);
/// - every side thread advises its own arena's heap as it starts (`SideThread.onStart`);
/// - a 2 MB stretch malloc wrote before its advice stays on 4 KB pages (one page present keeps the
///   rest from a huge page), so spacers fill those stretches: the rest of the main heap's stretch at
///   its old break, and of each arena's first stretch. The run's blocks start on fresh stretches.
enum MemoryTuning {
    /// The input size from which a one-file conversion uses huge pages.
    static let largeInput = 2 << 20
    /// How much more than they need malloc's heaps take each time they grow (`M_TOP_PAD`). For a
    /// thread's arena it is how much of a new heap is made writable at once: glibc grows an arena's
    /// heap after that by what each block needs, page by page, and the stretch at the writable end
    /// cannot take a huge page. 64 MB, an arena heap's whole size (HEAP_MAX_SIZE), leaves none: a 15 MB
    /// form took 2,380 page faults with 32 MB, 660 with 64 MB; a 30 MB one 9,900 and 3,800.
    static let heapStep = 64 << 20
    /// How large the main heap is made at once, per input byte: a conversion's peak heap is some six
    /// times its input (bench/'s big.xml: 44 MB of main heap for 7.5 MB). Growth past it is in
    /// `heapStep`s the kernel gives 4 KB pages.
    static let mainHeapPerInputByte = 8

    /// Whether a run of `plan` uses huge pages, and how large its main heap is made (`nil`: 4 KB
    /// pages). `setting` is `FORMCONV_HUGE_PAGES`, `size` a path's size when it is a regular file.
    static func mainHeapSize(for plan: ConversionPlan, setting: String?, size: (String) -> Int?) -> Int? {
        let input = plan.jobs.count == 1 && plan.jobs[0].input != "-" ? size(plan.jobs[0].input) ?? 0 : 0
        switch setting {
        case "0": return nil
        case "1": break
        default: guard input >= largeInput else { return nil }
        }
        return min(max(heapStep, input * mainHeapPerInputByte), 1 << 30)
    }

    /// Applies the setting for `plan`, before any other thread of the run starts.
    /// A run whose one input is converted a page at a time (`pageWise`) keeps 4 KB pages unless
    /// `FORMCONV_HUGE_PAGES=1`: its memory is small and reused, and a huge page would commit 2 MB at a time.
    static func apply(for plan: ConversionPlan, pageWise: Bool = false) {
        #if canImport(Glibc)
        let setting = getenv("FORMCONV_HUGE_PAGES").map { String(cString: $0) }
        if pageWise { PageWiseConversion.releaseFreedMemory = { _ = malloc_trim(0) } }
        if pageWise && setting != "1" { return }
        guard let heap = mainHeapSize(for: plan, setting: setting, size: { path in
                  if case .regular(let size)? = InputLoader.fileKind(path) { size } else { nil }
              }),
              preferHugePages(mainHeap: heap) else { return }
        SideThread.onStart = { adviseThreadHeap() }
        #endif
    }

    #if canImport(Glibc)
    /// glibc's arenas other than the main one live in heaps of this size, aligned to it
    /// (HEAP_MAX_SIZE on 64-bit systems).
    private static let arenaHeapSize = 64 << 20

    /// The end of the main heap (the program break) once grown and advised.
    nonisolated(unsafe) private static var mainHeapEnd = 0

    /// Grows the main heap to about `size` bytes and advises it; `false` when malloc or the heap would not.
    private static func preferHugePages(mainHeap size: Int) -> Bool {
        guard mainHeapEnd == 0, mallopt(M_TOP_PAD, Int32(heapStep)) == 1 else { return false }
        // Setting a parameter stops glibc's moving mmap threshold: fix it at that threshold's upper
        // bound, so that blocks up to 32 MiB come from the advised heaps; and keep the grown main heap
        // (freeing at its top would give all but `heapStep` back).
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, Int32.max)
        // One block for the whole growth, from the heap even though it is over the mmap threshold
        // (`M_MMAP_MAX` 0 for the call): the heap grows once (by the block and the pad) and malloc
        // writes headers only at the block's two ends. Growing by 16 MB blocks wrote a header every
        // 16 MB before the advice, and a 4 KB page written before the advice keeps its whole 2 MB
        // stretch off huge pages (500 faults each, where the run's records then went). Freed, the
        // block joins the top. A block outside the main heap means another allocator (a sanitizer's,
        // a preloaded one): then nothing is advised.
        // (`malloc_usable_size` reads the block: a compiler may drop a malloc whose block is only freed.)
        let before = Int(bitPattern: sbrk(0))
        // Where the main heap starts: what malloc took from the break so far lies below the break.
        let heapStart = before - Int(mallinfo2().arena)
        _ = mallopt(M_MMAP_MAX, 0)
        let block = malloc(size)
        _ = mallopt(M_MMAP_MAX, defaultMmapMax)
        guard let block else { return false }
        _ = malloc_usable_size(block)
        let address = Int(bitPattern: block)
        let isInHeap = address >= heapStart && address < Int(bitPattern: sbrk(0))
        free(block)
        let after = Int(bitPattern: sbrk(0))
        guard isInHeap, after > before else { return false }
        mainHeapEnd = after
        // From the 2 MB boundary below the old break when the heap reaches down to it: a stretch the
        // advice covers only in part never gets a huge page.
        advise(from: max(before & ~(hugePage - 1), heapStart), to: after)
        padToHugePage(topAt: address - 2 * MemoryLayout<Int>.size)
        return true
    }

    /// The size of a transparent huge page on x86-64 (and arm64 with 4 KB base pages).
    private static let hugePage = 2 << 20

    /// glibc's default `M_MMAP_MAX` (DEFAULT_MMAP_MAX), restored after the growth.
    private static let defaultMmapMax: Int32 = 65536

    /// Takes (and keeps) a block from the heap's top chunk at `top` up to the next 2 MB boundary, so
    /// that the run's first large block (the input) starts on a stretch nothing has written yet: the
    /// stretch holding the heap's earlier blocks has 4 KB pages (up to 500 faults for the input's read
    /// where it began there).
    private static func padToHugePage(topAt top: Int) {
        let boundary = (top + hugePage - 1) & ~(hugePage - 1)
        // The block's chunk runs from `top` to where the next chunk's header ends just before the
        // boundary (a chunk of n bytes asked is n + 8 rounded up to 16; the header is 16 bytes).
        let chunk = boundary - 2 * MemoryLayout<Int>.size - top
        if chunk >= 4 * MemoryLayout<Int>.size { keepSpacer(chunk - MemoryLayout<Int>.size) }
    }

    /// Takes a block of `bytes` and keeps it, never written: a spacer, address space only, so that the
    /// blocks malloc carves after it start past the stretch it fills.
    private static func keepSpacer(_ bytes: Int) {
        guard bytes > 0, let spacer = malloc(bytes) else { return }
        _ = malloc_usable_size(spacer)
    }

    /// Advises the heap of the calling thread's malloc arena, unless that is the main one.
    ///
    /// malloc has written the arena's first blocks (its header, what the thread's start took) before
    /// the thread can advise it, so the heap's first 2 MB stay on 4 KB pages. A new arena's blocks would
    /// go on there (500 faults on bench/'s big.xml): a spacer (kept, never written) takes the rest of
    /// that stretch, as `padToHugePage` does for the main heap, once per arena (a later thread may get
    /// the same arena).
    private static func adviseThreadHeap() {
        guard mainHeapEnd != 0, let block = malloc(16) else { return }
        let address = Int(bitPattern: block)
        _ = malloc_usable_size(block)
        free(block)
        // A block just below the program break is the main arena's: this thread shares it.
        if address < mainHeapEnd && mainHeapEnd - address < 1 << 30 { return }
        let heap = address & ~(arenaHeapSize - 1)
        advise(from: heap, to: heap + arenaHeapSize)
        // Up to a page short of the stretch's end: the arena's top is near `address`, not known exactly.
        let rest = heap + hugePage - address - 4096
        if rest > 0, paddedArenas.withLock({ $0.insert(heap).inserted }) { keepSpacer(rest) }
    }

    /// The heaps of the arenas `adviseThreadHeap` has put a spacer in.
    private static let paddedArenas = Mutex<Set<Int>>([])

    private static func advise(from start: Int, to end: Int) {
        let page = Int(getpagesize())
        let first = (start + page - 1) & ~(page - 1), last = end & ~(page - 1)
        guard last > first, let p = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(p, last - first, MADV_HUGEPAGE)
    }
    #endif
}
