import Foundation

extension LossCheck {
    /// `report`, run on another core while `work` (the emitter's own writing) runs on this one. The
    /// report's diagnostics are appended to `diagnostics` when both are done, so they come first, as
    /// if the report had run before `work`: `work` keeps its own diagnostics for the caller to append.
    /// Both only read `form`, which copy-on-write values make safe to share between threads.
    public static func report<T>(_ form: Form, supported: Set<Feature>, target: String,
                                 keepingExtensions namespaces: Set<String> = [], into diagnostics: inout Diagnostics,
                                 alongside work: () throws -> T) rethrows -> T {
        let found = ReportSlot()
        let done = DispatchSemaphore(value: 0)
        // A thread of its own rather than a shared pool: the wait below can never starve it, whatever
        // the caller's threads are doing.
        let thread = Thread {
            var d = Diagnostics()
            report(form, supported: supported, target: target, keepingExtensions: namespaces, into: &d)
            found.diagnostics = d
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        defer {
            done.wait()
            diagnostics.append(contentsOf: found.diagnostics.items)
        }
        return try work()
    }

    /// Where the report's thread leaves its diagnostics; read only after the semaphore's wait, which
    /// orders the write before the read.
    private final class ReportSlot: @unchecked Sendable {
        var diagnostics = Diagnostics()
    }
}
