/// Turns each use of a feature the target lacks into the diagnostic `Diagnostics.loss` would make:
/// the loss keeps the use's words as the walk made them (`UseWords.stored`), and its message is
/// written from them when read.
struct LossSink: FeatureSink {
    let supported: Set<Feature>
    let target: String
    /// The form whose uses are reported, for the names of what each place is.
    let form: Form?
    var diagnostics = Diagnostics()

    init(supported: Set<Feature>, target: String, form: Form) {
        self.supported = supported
        self.target = target
        self.form = form
    }

    func wants(_ feature: Feature) -> Bool { !supported.contains(feature) }

    mutating func add<Detail: UseWords>(_ feature: Feature, _ place: FeaturePlace, _ location: SourceLocation?,
                                        _ detail: Detail) {
        let text: LossText = if let instead = AppBinding.instead(feature, target: target) {
            .instead(detail.stored, instead)
        } else {
            .cannotExpress(detail.stored)
        }
        diagnostics.loss(feature, target: target, at: location, place: place, in: form, text)
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
        return allCases.map { LossParts.idPrefix + $0.rawValue }
    }()
}
