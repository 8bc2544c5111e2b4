import Foundation

extension LossCheck {
    /// `report`, run on another core while `work` (the emitter's own writing) runs on this one. The
    /// report's diagnostics are appended to `diagnostics` when both are done, so they come first, as
    /// if the report had run before `work`: `work` keeps its own diagnostics for the caller to append.
    /// Both only read `form`, which copy-on-write values make safe to share between threads.
    /// The report's diagnostics are appended even when `work` throws.
    public static func report<T, Failure: Error>(_ form: Form, supported: Set<Feature>, target: String,
                                                 keepingExtensions namespaces: Set<String> = [],
                                                 into diagnostics: inout Diagnostics,
                                                 alongside work: () throws(Failure) -> T) throws(Failure) -> T {
        let (found, result) = SideThread.run({
            var d = Diagnostics()
            report(form, supported: supported, target: target, keepingExtensions: namespaces, into: &d)
            return d
        }, alongside: work)
        diagnostics.append(contentsOf: found.items)
        return try result.get()
    }
}
