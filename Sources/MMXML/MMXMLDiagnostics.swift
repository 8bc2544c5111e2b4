import FormIR

/// Every diagnostic id the MM XML reader reports, with its severity and what it means; the single
/// catalogue docs/mmxml.md lists and the tests check.
public enum MMXMLDiagnostics {
    /// One diagnostic the reader can report.
    public struct Entry: Sendable {
        /// The diagnostic id (`mmxml.malformed`, …).
        public var id: String
        /// How serious it is: an error stops the output, a warning or note does not.
        public var severity: Severity
        /// What it means, in one phrase (docs/mmxml.md's table).
        public var summary: String
    }

    /// Every id, in the order docs/mmxml.md lists them.
    public static let catalogue: [Entry] = [
        Entry(id: "mmxml.malformed", severity: .error, summary: "the document is not well-formed XML (thrown: nothing is read)"),
        Entry(id: "mmxml.not-a-form", severity: .error, summary: "the root element is not <form> (thrown)"),
        Entry(id: "mmxml.too-deep", severity: .error, summary: "elements nest more than 256 levels (thrown)"),
        Entry(id: "mmxml.too-many-attributes", severity: .error, summary: "an element has (or declares) more than 1,000 attributes (thrown)"),
        Entry(id: "mmxml.entity-expansion", severity: .error, summary: "declared entities would expand to huge text, or refer to themselves (thrown)"),
        Entry(id: "mmxml.external-entity", severity: .error, summary: "an external entity is declared; it is never loaded"),
        Entry(id: "mmxml.entity-dropped", severity: .warning, summary: "a custom entity reference in text reads as empty text"),
        Entry(id: "mmxml.missing-name", severity: .error, summary: "an item has no name; it is left out"),
        Entry(id: "mmxml.missing-type", severity: .error, summary: "an item has no type; it is left out"),
        Entry(id: "mmxml.duplicate-name", severity: .warning, summary: "two pages, groups or items share a name: the later one is renamed name_2 (both positions given; references resolve to the first)"),
        Entry(id: "mmxml.unknown-target", severity: .warning, summary: "a relationship's object names no item, group or page of that name (did you mean …); kept as written"),
        Entry(id: "mmxml.unknown-reference", severity: .warning, summary: "a condition, evaluate, copy or action names a missing item or a group (did you mean …); kept as written"),
        Entry(id: "mmxml.condition-syntax", severity: .error, summary: "a condition does not parse (position of the offending character)"),
        Entry(id: "mmxml.bad-object", severity: .error, summary: "a relationship's object is not item::x, group::x or page::x"),
        Entry(id: "mmxml.unknown-type", severity: .warning, summary: "an item type MM XML does not define; kept as kind custom.<type>"),
        Entry(id: "mmxml.unknown-tag", severity: .warning, summary: "a tag the reader does not know (or that the item type does not use); kept"),
        Entry(id: "mmxml.unknown-attribute", severity: .warning, summary: "an attribute the reader does not know (or the item type does not use); kept"),
        Entry(id: "mmxml.invalid-value", severity: .warning, summary: "a tag or attribute value that does not parse (number, boolean, range, …); kept as written"),
        Entry(id: "mmxml.repeated-tag", severity: .warning, summary: "a tag given twice (same language for texts); the first counts, the rest is kept"),
        Entry(id: "mmxml.duplicate-message", severity: .warning, summary: "onmissing/onerror holds several messages for one language; only the first counts"),
        Entry(id: "mmxml.deprecated", severity: .warning, summary: "a legacy spelling, normalised to the current language"),
        Entry(id: "mmxml.prefix-and-posfix", severity: .warning, summary: "a dateField has both prefix and posfix; posfix wins"),
        Entry(id: "mmxml.text-not-utf8", severity: .warning, summary: "decoded text is not UTF-8; read as Windows-1252"),
        Entry(id: "mmxml.bad-base64", severity: .warning, summary: "base64 text that does not decode; kept as written"),
        Entry(id: "mmxml.bad-urlencode", severity: .warning, summary: "URL-encoded text with a bad %-escape; kept as written"),
        Entry(id: "mmxml.unknown-encoding", severity: .warning, summary: "an encoding attribute other than base64 or URLEncode; text kept as written"),
        Entry(id: "mmxml.unknown-validation", severity: .warning, summary: "a validation name MM XML does not define; kept"),
        Entry(id: "mmxml.unknown-country", severity: .warning, summary: "an addressField country no renderer knows; kept as written"),
        Entry(id: "mmxml.unknown-evaluation", severity: .warning, summary: "an <evaluate> that is none of the three operations; kept verbatim"),
        Entry(id: "mmxml.effect-not-allowed", severity: .warning, summary: "a page or group relationship sets something other than show/hide"),
        Entry(id: "mmxml.bad-action-arg", severity: .warning, summary: "a SumItems actionArg that does not parse; kept as a client action"),
    ]

    /// The catalogue entry of `id`.
    public static func entry(_ id: String) -> Entry? { catalogue.first { $0.id == id } }
}
