import FormIR

/// What a backend receives from a field that a target submits in another shape, one diagnostic per
/// field: a multiple choice MM XML submits as a bitmask (`radioControl multiple`), and an address
/// MM XML submits as six keys. Targets whose engines hand out one value per field (XLForm's
/// `formValues`, the row schema's rows, SurveyJS's `data`, ShinobiForms' fields) call it per field.
enum SubmissionShapeLosses {
    /// A `submission.bitmask` loss when `field` submits a bitmask of its options (the sum of 2^index
    /// of the chosen ones) and the target submits the list of chosen values instead.
    static func reportBitmask(_ field: Field, target: String, path: String, into diagnostics: inout Diagnostics) {
        // Only a multiple choice submits a bitmask: other rows skip working out their keys.
        guard field.kind == .multipleChoice, case .bitmask? = SubmissionModel.keys(for: field).first?.valueType else { return }
        let shown = field.options.prefix(3).enumerated().map { i, o in "\(o.value.displayText.excerpt()) = \(1 << i)" }
        let more = field.options.count > 3 ? ", …" : ""
        diagnostics.loss("submission.bitmask", target: target,
                         "the form submits a bitmask of the chosen options (\(shown.joined(separator: ", "))\(more), added up); "
                         + "\(target) submits the list of chosen values instead",
                         at: field.location, path: path)
    }

    /// A `<prefix>.submission-key` warning when `field` is an address whose parts are submitted under
    /// their own keys and `holder` ("an XLForm row") holds one value, submitted under `name`.
    static func reportAddressParts(_ field: Field, holder: String, name: String, idPrefix: String, path: String,
                                   into diagnostics: inout Diagnostics) {
        guard field.kind == .address else { return }
        let parts = SubmissionModel.keys(for: field).filter { $0.component != nil && $0.component != "partClone" }
        guard parts.count > 1 else { return }
        diagnostics.warning("\(idPrefix).submission-key",
                            "\(field.id): \(holder) holds one value; the address parts it submitted under their own keys "
                            + "(\(parts.map(\.key).joined(separator: ", "))) become one answer under '\(name)'",
                            at: field.location, path: path)
    }
}
