import Foundation
import FormIR

/// A date field's default as the legacy app reads MM XML `<defaultDate>`: a keyword naming the moment the
/// form is opened (`today`, `now`), or a Unix time in seconds. Each target writes the keyword as its own
/// expression (SurveyJS `today()`, the preview's date computed at load) or reports a loss.
public enum DateDefault: Equatable, Sendable {
    /// The date (and time) the form is opened.
    case opening
    /// A fixed moment, in seconds since 1970.
    case unix(Int)

    /// The keywords that mean the opening date, lower-cased.
    public static let keywords: Set<String> = ["today", "now"]

    /// `value` (text or a date value) read as a date default, or nil when it is neither a keyword nor a
    /// whole number.
    public init?(_ value: Value) {
        let text: String? = { if case .date(let d) = value { return d }; return value.stringValue }()
        if let s = text?.trimmingCharacters(in: .whitespaces), Self.keywords.contains(s.lowercased()) {
            self = .opening
        } else if let n = value.intValue ?? value.stringValue.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
            self = .unix(n)
        } else {
            return nil
        }
    }
}
