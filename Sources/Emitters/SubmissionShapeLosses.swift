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
        reportAddressParts(field, holder: holder, name: name, idPrefix: idPrefix, site: .path(path()), into: &diagnostics)
    }

    /// `reportAddressParts` at `site` (at a place, the path is made only when read). The parts' keys
    /// (`SubmissionModel.addressKey`, the address keys of `SubmissionModel.keys(for:)`) are written
    /// straight into the message.
    static func reportAddressParts(_ field: Field, holder: String, name: String, idPrefix: String,
                                   site: @autoclosure () -> FindingSite, into diagnostics: inout Diagnostics) {
        guard case .address = field.kind else { return }
        let prefix = field.submission.prefix
        var message = String()
        message.reserveCapacity(160 + field.id.utf8.count + holder.utf8.count + name.utf8.count
                                + SubmissionModel.addressPartCount * (prefix?.utf8.count ?? 0))
        message += field.id
        message += ": "
        message += holder
        message += " holds one value; the address parts it submitted under their own keys ("
        for i in 0..<SubmissionModel.addressPartCount {
            if i > 0 { message += ", " }
            message += SubmissionModel.addressKey(i, prefix: prefix)
        }
        message += ") become one answer under '"
        message += name
        message += "'"
        let id = "\(idPrefix).submission-key"
        switch site() {
        case .place(let p): diagnostics.add(.warning, id, message, at: field.location, place: p)
        case .path(let s): diagnostics.warning(id, message, at: field.location, path: s)
        }
    }
}
