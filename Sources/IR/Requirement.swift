/// At least one of `fields` must be answered (MM XML `required="homeNum|alternateNum"` on both items).
///
/// A requirement in the IR is one of: always (`Validation.required`), never (the default), when a
/// condition holds (a rule effect `.setProperty(name: "required", value: .bool(true))`, read through
/// `Sources/Lowering` as the `require` state), or at least one of a set of fields (this group).
/// docs/ir.md, "Requirement".
public struct RequirementGroup: Hashable, Codable, Sendable {
    /// Field ids, in the order the source lists them.
    public var fields: [String]
    /// The source text as written (`phone1||phone2`), for write-back; `nil` for a group with no spelling.
    public var spelling: String?
    /// Ids of the fields whose source carried the list, in document order.
    public var declaredOn: [String]
    /// Where the list is first written in its source; not part of equality.
    @Uncompared public var location: SourceLocation?

    /// A group of `fields`, at least one of which must be answered.
    public init(fields: [String], spelling: String? = nil, declaredOn: [String] = [], location: SourceLocation? = nil) {
        self.fields = fields
        self.spelling = spelling
        self.declaredOn = declaredOn
        self.location = location
    }

    /// The spelling to write back: the source's, else the ids joined by `|`.
    public var writtenSpelling: String { spelling ?? fields.joined(separator: "|") }
}

/// What the source engine does with a hidden field.
public struct HiddenFieldRules: Hashable, Codable, Sendable {
    /// `false`: a required field is required only while shown (MM XML, XLForm, SurveyJS);
    /// `true`: a hidden field is validated like a shown one (JSON Forms).
    public var validatesHidden: Bool
    /// What happens to a hidden field's answer.
    public var values: HiddenValuePolicy

    /// The rules of an engine that validates hidden fields or not, and treats their answers by `values`.
    public init(validatesHidden: Bool, values: HiddenValuePolicy) {
        self.validatesHidden = validatesHidden
        self.values = values
    }
}

/// What happens to a hidden field's answer.
public enum HiddenValuePolicy: String, Hashable, Codable, Sendable, CaseIterable {
    /// Kept and submitted while hidden (JSON Forms, rjsf without `omitExtraData`).
    case submitted
    /// Kept in the form while hidden, left out of the submission (MM XML; SurveyJS `"onComplete"`).
    case omitted
    /// Erased as soon as the field hides (SurveyJS `"onHidden"`).
    case cleared
}

extension Form {
    /// What happens to `field`'s answer while it is hidden: its own `submission.whenHidden`, else
    /// `.submitted` when it is force-submitted (MM XML `forceSubmit`), else the form's
    /// `hiddenFields.values`; `nil` when nothing says.
    public func hiddenValuePolicy(of field: Field) -> HiddenValuePolicy? {
        if let own = field.submission.whenHidden { return own }
        if field.submission.force { return .submitted }
        return hiddenFields?.values
    }

    /// Whether hidden fields are validated like shown ones; `false` (the MM XML rule) when the source
    /// does not say.
    public var validatesHiddenFields: Bool { hiddenFields?.validatesHidden ?? false }
}

extension RequirementGroup {
    /// The item names of a requirement list as written (`a|b`, `a || b`): split at `|`, white space
    /// around each name dropped, empty names left out.
    public static func names(inSpelling spelling: String) -> [String] {
        spelling.split(separator: "|").map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
            .filter { !$0.isEmpty }
    }
}
