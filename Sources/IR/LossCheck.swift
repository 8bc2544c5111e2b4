/// The generic loss report every emitter runs: each use of a feature it does not declare becomes a
/// `loss.<feature>` warning with the source position.
public enum LossCheck {
    /// Reports each use in `form` of a feature outside `supported` as a loss for `target`.
    public static func report(_ form: Form, supported: Set<Feature>, target: String,
                              keepingExtensions namespaces: Set<String> = [], into diagnostics: inout Diagnostics) {
        var walk = FeatureWalk(sink: LossSink(supported: supported, target: target))
        walk.form(form)
        diagnostics.append(contentsOf: walk.sink.diagnostics.items)
        guard !supported.contains(.foreignExtension) else { return }
        FeatureScan.forEachForeignExtension(in: form, keeping: namespaces) { key, path, location in
            diagnostics.loss(Feature.foreignExtension.rawValue, target: target, "\(target) has no place for \(key)",
                             at: location, path: path)
        }
    }
}

extension LossCheck {
    /// Leaves out the rules whose target or condition names nothing in the form, each reported as a
    /// `loss.relationship.unresolved` (`LossSink`'s words), for a target that has no place for them
    /// (`Feature.ruleUnresolved`): written, such a rule would test or change a row that is not there.
    public static func leaveOutUnresolvedRules(_ form: inout Form, target: String, into diagnostics: inout Diagnostics) {
        let unresolved = FeatureScan.unresolvedRules(in: form)
        guard !unresolved.isEmpty else { return }
        var sink = LossSink(supported: [], target: target)
        for (i, name) in unresolved {
            sink.add(.ruleUnresolved, "/rules/\(i)", form.rules[i].location, FeatureScan.unresolvedDetail(form.rules[i], name))
        }
        diagnostics.append(contentsOf: sink.diagnostics.items)
        let left = Set(unresolved.map(\.index))
        form.rules = form.rules.indices.filter { !left.contains($0) }.map { form.rules[$0] }
    }
}

/// Turns each use of a feature the target lacks into the diagnostic `Diagnostics.loss` would make.
struct LossSink: FeatureSink {
    let supported: Set<Feature>
    let target: String
    var diagnostics = Diagnostics()

    init(supported: Set<Feature>, target: String) {
        self.supported = supported
        self.target = target
    }

    func wants(_ feature: Feature) -> Bool { !supported.contains(feature) }

    mutating func add(_ feature: Feature, _ path: String, _ location: SourceLocation?, _ detail: String) {
        diagnostics.loss(feature.rawValue, target: target, "\(target) cannot express the \(detail)", at: location, path: path)
    }
}
