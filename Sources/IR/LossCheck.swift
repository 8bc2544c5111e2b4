/// The generic loss report every emitter runs: each use of a feature it does not declare becomes a
/// `loss.<feature>` warning with the source position.
public enum LossCheck {
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
