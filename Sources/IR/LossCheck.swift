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
            diagnostics.loss(.foreignExtension, target: target, at: location, place: place, in: form,
                             .noPlaceFor(keys: keys(key, value), namespace: namespace))
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
