/// A relationship: when `condition` holds, `then` applies to `target`; otherwise `otherwise`.
/// A row's `hidden: "<predicate>"` is a rule with `then: [.hide]`, `otherwise: [.show]`.
public struct Rule: Hashable, Codable, Sendable {
    /// `nil` for an unconditional rule (MM relationship without `<condition>`).
    public var condition: Expression?
    /// The condition's original text and dialect, for messages and faithful round trips.
    public var source: ConditionSource?
    /// What the rule acts on: a field, section, page or the whole form.
    public var target: RuleTarget
    /// The effects while the condition holds.
    public var then: [Effect]
    /// The effects while it does not hold.
    public var otherwise: [Effect]
    /// Format-specific data with no IR concept, kept for same-format round trips.
    public var extensions: Extensions
    /// Where the rule starts in its source; not part of equality.
    @Uncompared public var location: SourceLocation?

    /// A rule applying `then` to `target` while `condition` holds, and `otherwise` while it does not.
    public init(condition: Expression?, source: ConditionSource? = nil, target: RuleTarget, then: [Effect],
                otherwise: [Effect] = [], extensions: Extensions = [:], location: SourceLocation? = nil) {
        self.condition = condition
        self.source = source
        self.target = target
        self.then = then
        self.otherwise = otherwise
        self.extensions = extensions
        self.location = location
    }
}

/// A condition as the source wrote it.
public struct ConditionSource: Hashable, Codable, Sendable {
    /// The expression language of `text`.
    public var dialect: ExpressionDialect
    /// The condition text.
    public var text: String
    /// Where the condition source starts in its source; not part of equality.
    @Uncompared public var location: SourceLocation?
    /// The condition `text` in `dialect`, found at `location`.
    public init(dialect: ExpressionDialect, text: String, location: SourceLocation? = nil) {
        self.dialect = dialect
        self.text = text
        self.location = location
    }
}

/// What a rule acts on.
public enum RuleTarget: Hashable, Codable, Sendable, CustomStringConvertible {
    case field(String)
    case section(String)
    case page(String)
    case form

    /// MM XML's spelling of the target: `item::ID`, `group::ID`, `page::ID` or `form`.
    public var description: String {
        switch self {
        case .field(let id): "item::\(id)"
        case .section(let id): "group::\(id)"
        case .page(let id): "page::\(id)"
        case .form: "form"
        }
    }
}

/// What a rule does to its target.
public enum Effect: Hashable, Codable, Sendable {
    case show
    case hide
    case enable
    case disable
    /// Compute the target's value (MM `<evaluate>`).
    case evaluate(Evaluation)
    /// Copy other fields' values, joined by ". " (MM `<copy>a,b</copy>`, `src::comp1,comp2`).
    case copy([CopySource])
    /// Replace the target's options (MM `<tag>`/`<option>` lists in `if`/`else`).
    case setOptions([Option])
    /// Change submission: `skip` (skipSubmit=YES, forceSubmit=NO), `force`, or `submit` (skipSubmit=NO).
    case submission(SubmissionPolicy)
    /// Set the target's text (MM `<text>`).
    case setText(LocalizedText)
    /// Check or uncheck a checkbox.
    case setChecked(Bool)
    /// Set any other property by name (MM: any valid item tag inside `if`/`else`).
    case setProperty(name: String, value: Value)
}

/// Whether a field's value is submitted: skipped, forced, or submitted as usual.
public enum SubmissionPolicy: String, Hashable, Codable, Sendable { case skip, force, submit }

/// MM `<evaluate>` operations.
public enum Evaluation: Hashable, Codable, Sendable {
    /// `a.<connector>b`: concatenation with a connector (empty for a single space, " " for two).
    case concatenate(String, connector: String, String)
    case add(String, String)
    case subtract(String, String)
    /// `+655565` / `-10`: a date offset from now, in seconds.
    case dateOffset(Int)
    /// Text the reader could not classify, kept verbatim.
    case raw(String)
}

/// The field a value is copied from.
public struct CopySource: Hashable, Codable, Sendable {
    /// The id of the field copied.
    public var field: String
    /// Components of a composite source (`address1`, `city`, …); empty for the whole value.
    public var components: [String]
    /// A copy of field `field`'s value, or of its `components` only.
    public init(field: String, components: [String] = []) {
        self.field = field
        self.components = components
    }
}
