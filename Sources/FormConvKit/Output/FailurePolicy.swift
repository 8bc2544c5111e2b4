import FormIR

/// Which findings make a run fail (exit 1): `--fail-on error|warning|loss` and `--strict`.
///
/// Errors always fail. `warning` adds every warning, losses included (losses are warnings unless an
/// emitter says otherwise). `loss` adds every loss, whatever its severity, but not other warnings.
/// `--strict` is `warning` and `loss` together. Notes never fail.
public struct FailurePolicy: Sendable, Equatable {
    public enum Threshold: String, Sendable, CaseIterable {
        case error, warning, loss
    }

    public var failOnWarnings: Bool
    public var failOnLosses: Bool

    public init(failOn: Threshold = .error, strict: Bool = false) {
        failOnWarnings = strict || failOn == .warning
        failOnLosses = strict || failOn == .loss
    }

    /// Whether `diagnostic` makes the run fail under this policy.
    public func fails(on diagnostic: Diagnostic) -> Bool {
        switch diagnostic.severity {
        case .error: return true
        case .warning: return failOnWarnings || (failOnLosses && diagnostic.loss != nil)
        case .note: return failOnLosses && diagnostic.loss != nil
        }
    }

    /// The findings that fail the run, in order.
    public func failing(_ diagnostics: [Diagnostic]) -> [Diagnostic] { diagnostics.filter(fails(on:)) }
}
