import FormIR

/// Where an emitter's own finding is: the place it writes (its IR path, and a loss's subject, are
/// built only for a finding recorded), or an IR path it already has as text (a loss reads the path
/// back into its place for the subject, `Diagnostics.loss(path:)`).
enum FindingSite {
    case place(FeaturePlace)
    case path(String)

    /// The IR path recorded with the finding.
    var path: String {
        switch self {
        case .place(let p): p.path
        case .path(let s): s
        }
    }
}

extension Diagnostics {
    /// A loss at `site`: at a place, its path and subject (`subject(in: nil)`) are the place's; at a
    /// path, the subject is what the path names (the same, for a place's own path).
    mutating func loss(_ feature: String, target: String, _ message: String, at location: SourceLocation?, site: FindingSite) {
        switch site {
        case .place(let p): loss(feature, target: target, message, at: location, place: p, in: nil)
        case .path(let s): loss(feature, target: target, message, at: location, path: s)
        }
    }
}

/// What a backend receives from a field that a target submits in another shape, one diagnostic per
/// field: a multiple choice MM XML submits as a bitmask (`radioControl multiple`), and an address
/// MM XML submits as six keys. Targets whose engines hand out one value per field (XLForm's
/// `formValues`, the row schema's rows, SurveyJS's `data`, ShinobiForms' fields) call it per field.
enum SubmissionShapeLosses {
    /// A `submission.bitmask` loss when `field` submits a bitmask of its options (the sum of 2^index
    /// of the chosen ones) and the target submits the list of chosen values instead.
    static func reportBitmask(_ field: Field, target: String, path: String, into diagnostics: inout Diagnostics) {
        reportBitmask(field, target: target, site: .path(path), into: &diagnostics)
    }

    /// `reportBitmask` at `site`.
    static func reportBitmask(_ field: Field, target: String, site: @autoclosure () -> FindingSite,
                              into diagnostics: inout Diagnostics) {
        // Only a multiple choice submits a bitmask: other rows skip working out their keys.
        guard field.kind == .multipleChoice, case .bitmask? = SubmissionModel.keys(for: field).first?.valueType else { return }
        let shown = field.options.prefix(3).enumerated().map { i, o in "\(o.value.displayText.excerpt()) = \(1 << i)" }
        let more = field.options.count > 3 ? ", …" : ""
        diagnostics.loss("submission.bitmask", target: target,
                         "the form submits a bitmask of the chosen options (\(shown.joined(separator: ", "))\(more), added up); "
                         + "\(target) submits the list of chosen values instead",
                         at: field.location, site: site())
    }

    /// A `<prefix>.submission-key` warning when `field` is an address whose parts are submitted under
    /// their own keys and `holder` ("an XLForm row") holds one value, submitted under `name`.
    static func reportAddressParts(_ field: Field, holder: String, name: String, idPrefix: String,
                                   path: @autoclosure () -> String, into diagnostics: inout Diagnostics) {
        guard field.kind == .address else { return }
        let parts = SubmissionModel.keys(for: field).filter { $0.component != nil && $0.component != "partClone" }
        guard parts.count > 1 else { return }
        diagnostics.warning("\(idPrefix).submission-key",
                            "\(field.id): \(holder) holds one value; the address parts it submitted under their own keys "
                            + "(\(parts.map(\.key).joined(separator: ", "))) become one answer under '\(name)'",
                            at: field.location, path: path())
    }
}
