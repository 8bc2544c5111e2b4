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

    /// Whether any of the findings `counts` counts makes the run fail: `fails(on:)` of one of them.
    public func fails(on counts: FindingCounts) -> Bool {
        // An error loss is counted as an error too, and fails either way.
        counts.errors > 0 || (failOnWarnings && counts.warnings > 0) || (failOnLosses && counts.losses > 0)
    }

    /// The findings that fail the run, in order.
    public func failing(_ diagnostics: [Diagnostic]) -> [Diagnostic] { diagnostics.filter(fails(on:)) }
}

/// How many findings of each kind an input had: what a run keeps of its diagnostics once they are
/// printed, for its summary and exit status.
public struct FindingCounts: Sendable, Equatable {
    public var errors = 0
    public var warnings = 0
    /// Losses of any severity (a loss is also counted under its severity).
    public var losses = 0

    public init() {}

    /// Counts one more finding.
    public mutating func add(_ severity: Severity, isLoss: Bool) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: break
        }
        if isLoss { losses += 1 }
    }

    /// Adds `other`'s counts.
    public mutating func add(_ other: FindingCounts) {
        errors += other.errors
        warnings += other.warnings
        losses += other.losses
    }

    public init(_ diagnostics: [Diagnostic]) {
        // Read in place: iterating copied each of a large lossy form's 40,000 diagnostics.
        diagnostics.withUnsafeBufferPointer { all in
            for i in all.indices { add(all[i].severity, isLoss: all[i].loss != nil) }
        }
    }
}
