/// The generic loss report every emitter runs: each use of a feature it does not declare becomes a
/// `loss.<feature>` warning with the source position.
public enum LossCheck {
    public static func report(_ form: Form, supported: Set<Feature>, target: String,
                              keepingExtensions namespaces: Set<String> = [], into diagnostics: inout Diagnostics) {
        var walk = FeatureWalk(sink: LossSink(supported: supported, target: target, diagnostics: diagnostics))
        diagnostics = Diagnostics()  // the sink holds the only reference: appends do not copy the items
        walk.form(form)
        swap(&diagnostics, &walk.sink.diagnostics)  // and back, still the only one
        if !supported.contains(.foreignExtension) {
            let kind = Diagnostic.Kind(severity: .warning, id: "loss.\(Feature.foreignExtension.rawValue)",
                                       loss: Loss(feature: Feature.foreignExtension.rawValue, target: target))
            let prefix = "\(target) has no place for "
            // The same few keys recur on many nodes: each message is made once and shared.
            var messages: [String: String] = [:]
            FeatureScan.forEachForeignExtension(in: form, keeping: namespaces) { key, path, location in
                let message: String
                if let m = messages[key] { message = m } else {
                    message = prefix + key
                    if messages.count < 1024 { messages[key] = message }
                }
                diagnostics.append(Diagnostic(kind: kind, message, at: location, path: path))
            }
        }
    }
}

/// Turns each wanted use into the diagnostic `Diagnostics.loss` would make, with the message prefix,
/// the ids and the `Loss` built once per report and shared by its diagnostics.
private struct LossSink: FeatureSink {
    /// Indexed by `FeatureTable.index`: whether the target lacks the feature.
    let lacking: [Bool]
    let prefix: String
    /// Per feature, the id and loss every diagnostic of the report shares.
    let kinds: [Diagnostic.Kind]
    var diagnostics: Diagnostics

    init(supported: Set<Feature>, target: String, diagnostics: Diagnostics) {
        precondition(FeatureTable.layoutChecked)
        lacking = FeatureTable.all.map { !supported.contains($0) }
        kinds = FeatureTable.all.indices.map {
            Diagnostic.Kind(severity: .warning, id: FeatureTable.lossIDs[$0],
                            loss: Loss(feature: FeatureTable.all[$0].rawValue, target: target))
        }
        prefix = "\(target) cannot express the "
        self.diagnostics = diagnostics
    }

    func wants(_ feature: Feature) -> Bool { lacking[FeatureTable.index(feature)] }

    mutating func add(_ feature: Feature, _ path: String, _ location: SourceLocation?, _ detail: UseDetail) {
        diagnostics.append(Diagnostic(kind: kinds[FeatureTable.index(feature)], detail.prefixed(by: prefix),
                                      at: location, path: path))
    }
}

/// Per-feature tables indexed by a feature's position in `Feature.allCases`, for lookups without hashing.
enum FeatureTable {
    static let all = Feature.allCases
    /// `loss.<feature>`, the id of a loss diagnostic.
    static let lossIDs: [String] = all.map { "loss.\($0.rawValue)" }

    /// The position of `feature` in `Feature.allCases`. A payload-free enum is stored as its case
    /// number in declaration order, which is also `allCases` order (`layoutChecked`, which a user of
    /// `index` checks once: checked here, its lazy global cost a call on each of some 60 tests a field).
    @inline(__always) static func index(_ feature: Feature) -> Int {
        Int(unsafeBitCast(feature, to: UInt8.self))
    }

    static let layoutChecked: Bool = {
        MemoryLayout<Feature>.size == 1
            && all.indices.allSatisfy { Int(unsafeBitCast(all[$0], to: UInt8.self)) == $0 }
    }()
}
