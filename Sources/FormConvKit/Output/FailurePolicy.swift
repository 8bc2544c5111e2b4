import FormIR

/// Which findings make a run fail (exit 1): `--fail-on error|warning|loss` and `--strict`.
///
/// Errors always fail. `warning` adds every warning, losses included (losses are warnings unless an
/// emitter says otherwise). `loss` adds every loss, whatever its severity, but not other warnings.
/// `--strict` is `warning` and `loss` together. Notes never fail.
public struct FailurePolicy: Sendable, Equatable {
    /// `--fail-on`'s values.
    public enum Threshold: String, Sendable, CaseIterable {
        case error, warning, loss
    }

    /// Whether warnings (losses included) fail the run.
    public var failOnWarnings: Bool
    /// Whether losses of any severity fail the run.
    public var failOnLosses: Bool

    /// The policy of `--fail-on` and `--strict` (which is `warning` and `loss` together).
    public init(failOn: Threshold = .error, strict: Bool = false) {
        failOnWarnings = strict || failOn == .warning
        failOnLosses = strict || failOn == .loss
    }

    /// Whether `diagnostic` makes the run fail under this policy.
    public func fails(on diagnostic: Diagnostic) -> Bool {
        switch diagnostic.severity {
        case .error: return true
        case .warning: return failOnWarnings || (failOnLosses && diagnostic.isLoss)
        case .note: return failOnLosses && diagnostic.isLoss
        }
    }

    /// Whether any of the findings `counts` counts makes the run fail: `fails(on:)` of one of them.
    public func fails(on counts: FindingCounts) -> Bool {
        // An error loss is counted as an error too, and fails either way.
        counts.errors > 0 || (failOnWarnings && counts.warnings > 0) || (failOnLosses && counts.losses > 0)
    }

    /// The findings that fail the run, in order.
    public func failing(_ diagnostics: [Diagnostic]) -> [Diagnostic] { diagnostics.filter(fails(on:)) }

    /// Whether a finding of this kind fails the run because of a threshold (`--fail-on`, `--strict`):
    /// a warning or loss that was not accepted. Errors fail whatever the threshold and are not counted here.
    public func trips(on key: FindingTally.Key) -> Bool {
        guard !key.accepted else { return false }
        switch key.severity {
        case .error: return false
        case .warning: return failOnWarnings || (failOnLosses && key.isLoss)
        case .note: return failOnLosses && key.isLoss
        }
    }

    /// `--strict`, `--fail-on warning` or `--fail-on loss`, as the user would have written it.
    public var spelling: String {
        failOnWarnings && failOnLosses ? "--strict" : failOnWarnings ? "--fail-on warning" : failOnLosses ? "--fail-on loss" : "--fail-on error"
    }
}

/// How many findings of each kind an input had: what a run keeps of its diagnostics once they are
/// printed, for its summary and exit status.
public struct FindingCounts: Sendable, Equatable, Encodable {
    /// Errors found (accepted losses are not counted under a severity).
    public var errors = 0
    /// Warnings found, accepted losses not included.
    public var warnings = 0
    /// Notes found, accepted losses not included.
    public var notes = 0
    /// Losses of any severity (a loss is also counted under its severity), accepted ones excepted.
    public var losses = 0
    /// Losses the project accepted (`accept-losses`): counted here only, under no severity.
    public var acceptedLosses = 0

    /// No findings.
    public init() {}

    /// Counts one more finding.
    public mutating func add(_ severity: Severity, isLoss: Bool) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: notes += 1
        }
        if isLoss { losses += 1 }
    }

    /// Adds `other`'s counts.
    public mutating func add(_ other: FindingCounts) {
        errors += other.errors
        warnings += other.warnings
        notes += other.notes
        losses += other.losses
        acceptedLosses += other.acceptedLosses
    }

    /// The counts of `diagnostics`, and of `accepted` losses kept apart from them.
    public init(_ diagnostics: [Diagnostic], accepted: Int = 0) {
        // Read in place: iterating copied each of a large lossy form's 40,000 diagnostics.
        diagnostics.withUnsafeBufferPointer { all in
            for i in all.indices { add(all[i].severity, isLoss: all[i].isLoss) }
        }
        acceptedLosses = accepted
    }
}
