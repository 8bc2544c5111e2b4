/// The generic loss report every emitter runs: each use of a feature it does not declare becomes a
/// `loss.<feature>` warning with the source position.
public enum LossCheck {
    public static func report(_ form: Form, supported: Set<Feature>, target: String,
                              keepingExtensions namespaces: Set<String> = [], into diagnostics: inout Diagnostics) {
        var walk = FeatureWalk(sink: LossSink(supported: supported, target: target))
        walk.form(form)
        diagnostics.append(contentsOf: walk.sink.diagnostics)
        var foreign = ForeignExtensionLosses(supported: supported, target: target, keeping: namespaces)
        foreign.form(form, into: &diagnostics)
        for pi in form.pages.indices { foreign.page(form.pages[pi], index: pi, into: &diagnostics) }
        foreign.rules(form.rules, into: &diagnostics)
    }

    /// `report` a part at a time, for a form read and written a page at a time. The report is the
    /// form's uses (`formLevel`), each page's (`page`), the rules' (`rules`), then the foreign
    /// extensions of the form, of each page and of the rules (`ForeignExtensionLosses`).
    public struct Parts: Sendable {
        public let supported: Set<Feature>
        public let target: String

        public init(supported: Set<Feature>, target: String) {
            self.supported = supported
            self.target = target
        }

        /// The form's own uses: `locales` as `Form.locales` gives them for the whole form, and how many
        /// of its pages are not implicit.
        public func formLevel(_ form: Form, locales: [String], explicitPages: Int, into diagnostics: inout Diagnostics) {
            walk(into: &diagnostics) { $0.formLevel(form, locales: locales, explicitPages: explicitPages) }
        }

        /// The uses of page `index`, its sections and its fields.
        public func page(_ page: Page, index: Int, into diagnostics: inout Diagnostics) {
            walk(into: &diagnostics) { $0.page(page, index) }
        }

        public func rules(_ rules: [Rule], into diagnostics: inout Diagnostics) {
            walk(into: &diagnostics) { $0.rules(rules) }
        }

        private func walk(into diagnostics: inout Diagnostics, _ body: (inout FeatureWalk<LossSink>) -> Void) {
            var walk = FeatureWalk(sink: LossSink(supported: supported, target: target))
            body(&walk)
            diagnostics.append(contentsOf: walk.sink.diagnostics)
        }
    }
}

/// The foreign-extension half of a loss report: each extension key outside the kept namespaces is a
/// `loss.extension`, part by part (the form's, each page's, the rules'), in that order.
public struct ForeignExtensionLosses {
    private let walk: FeatureScan.ForeignExtensionWalk
    private let reported: Bool
    private let target: String

    public init(supported: Set<Feature>, target: String, keeping namespaces: Set<String>) {
        walk = FeatureScan.ForeignExtensionWalk(keeping: namespaces)
        reported = !supported.contains(.foreignExtension)
        self.target = target
    }

    public mutating func form(_ form: Form, into diagnostics: inout Diagnostics) {
        guard reported else { return }
        walk.form(form) { add($0, $1, $2, &diagnostics) }
    }

    public mutating func page(_ page: Page, index: Int, into diagnostics: inout Diagnostics) {
        guard reported else { return }
        walk.page(page, index: index) { add($0, $1, $2, &diagnostics) }
    }

    public mutating func rules(_ rules: [Rule], into diagnostics: inout Diagnostics) {
        guard reported else { return }
        walk.rules(rules) { add($0, $1, $2, &diagnostics) }
    }

    private func add(_ key: String, _ path: String, _ location: SourceLocation?, _ diagnostics: inout Diagnostics) {
        diagnostics.loss(Feature.foreignExtension.rawValue, target: target, "\(target) has no place for \(key)",
                         at: location, path: path)
    }
}

/// Turns each use of a feature the target lacks into the diagnostic `Diagnostics.loss` would make.
struct LossSink: FeatureSink {
    let supported: Set<Feature>
    let target: String
    var diagnostics: [Diagnostic] = []

    init(supported: Set<Feature>, target: String) {
        self.supported = supported
        self.target = target
    }

    func wants(_ feature: Feature) -> Bool { !supported.contains(feature) }

    mutating func add(_ feature: Feature, _ path: String, _ location: SourceLocation?, _ detail: String) {
        diagnostics.append(Diagnostic(.warning, id: "loss.\(feature.rawValue)", "\(target) cannot express the \(detail)",
                                      at: location, path: path, loss: Loss(feature: feature.rawValue, target: target)))
    }
}
