/// A relationship: when `condition` holds, `then` applies to `target`; otherwise `otherwise`.
/// A row's `hidden: "<predicate>"` is a rule with `then: [.hide]`, `otherwise: [.show]`.
public struct Rule: Hashable, Codable, Sendable {
    /// `nil` for an unconditional rule (MM relationship without `<condition>`).
    public var condition: Expression?
    /// The condition's original text and dialect, for messages and faithful round trips.
    public var source: ConditionSource?
    public var target: RuleTarget
    public var then: [Effect]
    public var otherwise: [Effect]
    public var extensions: Extensions
    @Uncompared public var location: SourceLocation?

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

public struct ConditionSource: Hashable, Codable, Sendable {
    public var dialect: ExpressionDialect
    public var text: String
    @Uncompared public var location: SourceLocation?
    public init(dialect: ExpressionDialect, text: String, location: SourceLocation? = nil) {
        self.dialect = dialect
        self.text = text
        self.location = location
    }
}

public enum RuleTarget: Hashable, Codable, Sendable, CustomStringConvertible {
    case field(String)
    case section(String)
    case page(String)
    case form

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

public struct CopySource: Hashable, Codable, Sendable {
    public var field: String
    /// Components of a composite source (`address1`, `city`, …); empty for the whole value.
    public var components: [String]
    public init(field: String, components: [String] = []) {
        self.field = field
        self.components = components
    }
}
