/// The generic loss report every emitter runs: each use of a feature it does not declare becomes a
/// `loss.<feature>` warning with the source position; what no target can carry out as written (a copy
/// of parts its source lacks, `CopyParts`) is reported here too, once per output.
public enum LossCheck {
    /// Reports each use in `form` of a feature outside `supported` as a loss for `target`. `locale` is
    /// the language a target that writes one shows (`LocalizedText.text(for:)`: the `--locale` asked
    /// for, or the emitter's fallback): the translations besides it are reported lost, field by field.
    public static func report(_ form: Form, supported: Set<Feature>, target: String, locale: String? = nil,
                              keepingExtensions namespaces: Set<String> = [], into diagnostics: inout Diagnostics) {
        var walk = FeatureWalk(sink: LossSink(supported: supported, target: target, form: form), locale: locale)
        // The sink adds its losses to the run's one list (swapped in and back out), not to a list of
        // its own that would then be copied.
        swap(&walk.sink.diagnostics, &diagnostics)
        walk.form(form)
        swap(&walk.sink.diagnostics, &diagnostics)
        CopyParts.report(form, into: &diagnostics)
        guard !supported.contains(.foreignExtension) else { return }
        FeatureScan.forEachForeignExtension(in: form, keeping: namespaces) { key, namespace, value, place, location in
            let keys = keys(key, value)
            diagnostics.loss(.foreignExtension, target: target, at: location, place: place, in: form,
                             count: target.utf8.count + keys.utf8.count + namespace.utf8.count + 36) {
                $0 += target
                $0 += " has no place for "
                $0 += keys
                $0 += ", data only "
                $0 += namespace
                $0 += " reads"
            }
        }
    }

    /// An extension as a loss names it: its key, and the keys it holds when it is a dictionary
    /// (`rmsform.properties (keyPath, valueTransformer)`).
    static func keys(_ key: String, _ value: Value) -> String {
        guard case .object(let o) = value, !o.isEmpty else { return key }
        return "\(key) (\(o.keys.sorted().joined(separator: ", ")))"
    }
}

extension LossCheck {
    /// Leaves out the rules whose target or condition names nothing in the form, each reported as a
    /// `loss.relationship.unresolved` (`LossSink`'s words), for a target that has no place for them
    /// (`Feature.ruleUnresolved`): written, such a rule would test or change a row that is not there.
    public static func leaveOutUnresolvedRules(_ form: inout Form, target: String, into diagnostics: inout Diagnostics) {
        let unresolved = FeatureScan.unresolvedRules(in: form)
        guard !unresolved.isEmpty else { return }
        var sink = LossSink(supported: [], target: target, form: form)
        for (i, name) in unresolved {
            sink.add(.ruleUnresolved, .rule(i), form.rules[i].location, FeatureScan.unresolvedDetail(form.rules[i], name))
        }
        diagnostics.append(contentsOf: sink.diagnostics.items)
        let left = Set(unresolved.map(\.index))
        form.rules = form.rules.indices.filter { !left.contains($0) }.map { form.rules[$0] }
    }
}

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
