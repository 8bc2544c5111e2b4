/// Turns each use of a feature the target lacks into the diagnostic `Diagnostics.loss` would make,
/// the use's words written straight into the loss's message.
struct LossSink: FeatureSink {
    let supported: Set<Feature>
    let target: String
    /// `<target> cannot express the `, what a loss's message says first after its subject (made once).
    let cannotExpress: String
    /// The form whose uses are reported, for the names of what each place is.
    let form: Form?
    var diagnostics = Diagnostics()

    init(supported: Set<Feature>, target: String, form: Form) {
        self.supported = supported
        self.target = target
        self.cannotExpress = target + " cannot express the "
        self.form = form
    }

    func wants(_ feature: Feature) -> Bool { !supported.contains(feature) }

    mutating func add<Detail: UseWords>(_ feature: Feature, _ place: FeaturePlace, _ location: SourceLocation?,
                                        _ detail: Detail) {
        if let instead = AppBinding.instead(feature, target: target) {
            diagnostics.loss(feature, target: target, at: location, place: place, in: form,
                             count: detail.utf8Count + 2 + instead.utf8.count) {
                detail.write(to: &$0)
                $0 += "; "
                $0 += instead
            }
        } else {
            let cannotExpress = cannotExpress
            diagnostics.loss(feature, target: target, at: location, place: place, in: form,
                             count: cannotExpress.utf8.count + detail.utf8Count) {
                $0 += cannotExpress
                detail.write(to: &$0)
            }
        }
    }
}

extension Feature {
    /// `loss.<rawValue>`, the id of a loss of this feature: one string for the run, shared by every
    /// loss of the feature.
    var lossID: String { Self.lossIDs[ordinal] }

    /// Every feature's `lossID`, in `allCases` order.
    private static let lossIDs: [String] = {
        precondition(MemoryLayout<Feature>.size == 1 && allCases.indices.allSatisfy { allCases[$0].ordinal == $0 },
                     "Feature cases are stored as their declaration index")
        return allCases.map { "loss." + $0.rawValue }
    }()
}
