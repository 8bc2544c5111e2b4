/// The generic loss report every emitter runs: each use of a feature it does not declare becomes a
/// `loss.<feature>` warning with the source position.
public enum LossCheck {
    public static func report(_ form: Form, supported: Set<Feature>, target: String,
                              keepingExtensions namespaces: Set<String> = [], into diagnostics: inout Diagnostics) {
        var walk = FeatureWalk(sink: LossSink(supported: supported, target: target, diagnostics: diagnostics))
        diagnostics = Diagnostics()  // the sink holds the only reference: appends do not copy the items
        walk.form(form)
        swap(&diagnostics, &walk.sink.diagnostics)  // and back, still the only one
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
            var walk = FeatureWalk(sink: LossSink(supported: supported, target: target, diagnostics: diagnostics))
            diagnostics = Diagnostics()
            body(&walk)
            swap(&diagnostics, &walk.sink.diagnostics)
        }
    }
}

/// The foreign-extension half of a loss report: each extension key outside the kept namespaces is a
/// `loss.extension`, part by part (the form's, each page's, the rules'), in that order.
public struct ForeignExtensionLosses {
    private var walk: FeatureScan.ForeignExtensionWalk
    private let kind: Diagnostic.Kind?
    private let prefix: String
    /// The same few keys recur on many nodes: each message is made once and shared.
    private var messages: [String: String] = [:]

    public init(supported: Set<Feature>, target: String, keeping namespaces: Set<String>) {
        walk = FeatureScan.ForeignExtensionWalk(keeping: namespaces)
        kind = supported.contains(.foreignExtension) ? nil
            : Diagnostic.Kind(severity: .warning, id: "loss.\(Feature.foreignExtension.rawValue)",
                              loss: Loss(feature: Feature.foreignExtension.rawValue, target: target))
        prefix = "\(target) has no place for "
    }

    public mutating func form(_ form: Form, into diagnostics: inout Diagnostics) {
        visit(into: &diagnostics) { $0.form(form, $1) }
    }

    public mutating func page(_ page: Page, index: Int, into diagnostics: inout Diagnostics) {
        visit(into: &diagnostics) { $0.page(page, index: index, $1) }
    }

    public mutating func rules(_ rules: [Rule], into diagnostics: inout Diagnostics) {
        visit(into: &diagnostics) { $0.rules(rules, $1) }
    }

    /// Runs one part of the walk (its recent verdicts kept for the next), each key it finds a loss.
    private mutating func visit(into diagnostics: inout Diagnostics,
                                _ part: (inout FeatureScan.ForeignExtensionWalk, FeatureScan.ForeignExtensionWalk.Body) -> Void) {
        guard kind != nil else { return }
        var walk = self.walk
        part(&walk) { add($0, $1, $2, &diagnostics) }
        self.walk = walk
    }

    private mutating func add(_ key: String, _ path: String, _ location: SourceLocation?, _ diagnostics: inout Diagnostics) {
        let message: String
        if let m = messages[key] { message = m } else {
            message = prefix + key
            if messages.count < 1024 { messages[key] = message }
        }
        diagnostics.append(Diagnostic(kind: kind!, message, at: location, path: path))
    }
}

/// Turns each wanted use into the diagnostic `Diagnostics.loss` would make, with the message prefix,
/// the ids and the `Loss` built once per report and shared by its diagnostics.
struct LossSink: FeatureSink {
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
