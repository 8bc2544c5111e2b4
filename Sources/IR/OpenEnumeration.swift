/// An open set of names (field kinds, presentations, named validators): the constants formconv knows,
/// plus any other name a format brings. Encoded as the bare string.
public protocol OpenEnumeration: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible
where RawValue == String {
    init(rawValue: String)
}

extension OpenEnumeration {
    /// The value named `rawValue`: any string, since the set is open.
    public init(_ rawValue: String) { self.init(rawValue: rawValue) }
    /// The raw value, as the IR document spells it.
    public var description: String { rawValue }
}
