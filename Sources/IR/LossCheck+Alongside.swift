import Foundation

extension LossCheck {
    /// Forms with fewer fields run the report and `work` one after the other on this thread: a
    /// thread costs more to start and wait for than it saves them (a batch of 2,000 small forms started
    /// 2,000 threads, an eighth of its time).
    public static let fieldsForAlongside = 500

    /// `report`, run on another core while `work` (the emitter's own writing) runs on this one, for a
    /// form of `fieldsForAlongside` fields or more (`threshold`); before it on this thread otherwise.
    /// The report's diagnostics are appended to `diagnostics` when both are done, so they come first, as
    /// if the report had run before `work`: `work` keeps its own diagnostics for the caller to append.
    /// Both only read `form`, which copy-on-write values make safe to share between threads.
    /// The report's diagnostics are appended even when `work` throws.
    public static func report<T, Failure: Error>(_ form: Form, supported: Set<Feature>, target: String,
                                                 keepingExtensions namespaces: Set<String> = [],
                                                 into diagnostics: inout Diagnostics,
                                                 threshold: Int = fieldsForAlongside,
                                                 alongside work: () throws(Failure) -> T) throws(Failure) -> T {
        guard form.fieldCount >= threshold else {
            report(form, supported: supported, target: target, keepingExtensions: namespaces, into: &diagnostics)
            return try work()
        }
        let (found, result) = SideThread.run({
            var d = Diagnostics()
            report(form, supported: supported, target: target, keepingExtensions: namespaces, into: &d)
            return d
        }, alongside: work)
        diagnostics.append(contentsOf: found.items)
        return try result.get()
    }
}
