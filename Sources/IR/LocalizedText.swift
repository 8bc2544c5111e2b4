/// A text with one entry per locale. `locale == nil` is the text given without a language.
public struct LocalizedText: Hashable, Codable, Sendable, ExpressibleByStringLiteral {
    /// The text in one locale.
    public struct Entry: Hashable, Codable, Sendable {
        /// The locale (`en_US`), or `nil` for the text given without a language.
        public var locale: String?
        /// The text in that locale.
        public var text: String
        /// The text `text` in `locale`, or without a language.
        public init(locale: String? = nil, text: String) {
            self.locale = locale
            self.text = text
        }
    }

    /// In source order; at most one entry per locale.
    public var entries: [Entry]

    /// A text with these entries.
    public init(_ entries: [Entry] = []) { self.entries = entries }
    /// A text in one locale, or without a language when `locale` is `nil`.
    public init(_ text: String, locale: String? = nil) { self.entries = [Entry(locale: locale, text: text)] }
    /// A text given without a language, from a string literal.
    public init(stringLiteral value: String) { self.init(value) }

    /// Whether there is no entry.
    public var isEmpty: Bool { entries.isEmpty }
    /// The locales with an entry, in order.
    public var locales: [String] { entries.compactMap(\.locale) }

    /// The text for `locale`, else the unlocalized text, else the first entry.
    public func text(for locale: String? = nil) -> String? {
        if let locale, let e = entries.first(where: { $0.locale?.lowercased() == locale.lowercased() }) { return e.text }
        return entries.first(where: { $0.locale == nil })?.text ?? entries.first?.text
    }

    /// The text in the default locale (see `text(for:)`).
    public var defaultText: String? { text(for: nil) }

    /// Sets or replaces the text for `locale`.
    public mutating func set(_ text: String, locale: String? = nil) {
        if let i = entries.firstIndex(where: { $0.locale == locale }) { entries[i].text = text }
        else { entries.append(Entry(locale: locale, text: text)) }
    }
}
