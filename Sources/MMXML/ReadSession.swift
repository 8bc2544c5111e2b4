import Foundation
import FormIR
import DocumentTree

/// The state of one read: the source map, the diagnostics, the names declared so far and the
/// references to check once every name is known.
final class ReadSession {
    let file: String
    let document: MMDocument
    var diagnostics = Diagnostics()
    /// Set when the document uses any spelling of the legacy format (see `MMDocument.usesLegacySpelling`).
    var isLegacy = false
    /// Set when a field has the `repeat` validation (`resolveRepeats` has work to do).
    var hasRepeatValidation = false
    /// The item types read so far, by their bytes.
    var itemTypes = ItemTypeCache()
    /// The labels of the options read lately, for options with the same label to share.
    var optionLabels = OptionLabelCache()
    /// The extensions `<country>` gave the last address item that had none before, with the tag's text.
    var lastCountryExtensions: (text: String, extensions: Extensions)?

    enum NameKind: String {
        case page, group, item
    }
    /// Where the page, the group and the item a name names are (relationships name them apart:
    /// `item::x`, `group::x`, `page::x`): one entry a name, so declaring a name and asking whether
    /// another kind has it is one lookup.
    struct Declared {
        /// A line and column of the document (an entry as small as one `SourceLocation` was).
        struct Position {
            var line: UInt32
            var column: UInt32
        }
        var page: Position?
        var group: Position?
        var item: Position?

        subscript(kind: NameKind) -> Position? {
            get {
                switch kind {
                case .page: page
                case .group: group
                case .item: item
                }
            }
            set {
                switch kind {
                case .page: page = newValue
                case .group: group = newValue
                case .item: item = newValue
                }
            }
        }
    }
    /// Every page, group and item name with the positions of the nodes that have it (after repairs,
    /// one node a name of each kind).
    var names: [String: Declared] = [:]
    /// The names the items read so far were declared with, in order (`ItemContext.name` numbers them).
    var itemNames: [String] = []
    /// The form element being read: `writtenNames` lists its names when a duplicate first needs one.
    var formRoot: MMElement?
    /// Every page, group and item name the document writes (`writtenNames(_:)`), so that a renamed
    /// duplicate takes a name no node has; listed on first use, as only a duplicate needs it.
    lazy var writtenNames: Set<String> = formRoot.map(Self.writtenNames) ?? []
    /// Base64 texts whose bytes are Windows-1252, as decoded: kept in `mmxml.windows1252Texts`.
    var windows1252Texts: Set<String> = []
    /// Where base64 texts are decoded (`Base64Text.decode`), kept from text to text.
    var decodedBytes: [UInt8] = []
    /// Names read in fields' tags (linksTo, SumItems, copy, evaluate) to check at the end.
    var pendingReferences: [PendingReference] = []

    /// A name to check once every item is known, with the element whose text holds it: where the name
    /// stands in that text is worked out only when it names no item and is reported.
    struct PendingReference {
        var name: String
        var element: MMElement
        var path: String
        var what: String
    }
    /// `required` attributes holding requirement lists, resolved once every item is known.
    var pendingRequirementLists: [PendingRequirementList] = []
    /// The `<evaluate>` texts of the relationship being read that its canonical spelling would change
    /// (`A.-B`, written `A.- B` canonically): kept so that they are written back as written.
    var evaluateSpellings: [String] = []

    /// `itemTagSpelling` of each element name, by name number (see `MMXMLReader+ItemTags.swift`):
    /// worked out once per distinct name; constants, so reading them needs no exclusivity check.
    let itemTagSpellings: [ItemTagSpelling]
    /// The same, without the strings.
    let itemTagReads: [ItemTagRead]
    /// Each element name lower-cased, by name number: relationships, effects and messages read their
    /// tags in any case (a constant: reading it needs no check of a lazy value or exclusivity).
    let lowercasedNames: [String]
    /// What each name means as an item attribute, by name number.
    let itemAttributes: [ItemAttribute]

    /// How many pages, groups and items the document has (the names to hold).
    let declarableCount: Int

    init(file: String, document: MMDocument) {
        self.file = file
        self.document = document
        itemTagSpellings = document.names.map(Self.itemTagSpelling)
        itemTagReads = itemTagSpellings.map(ItemTagRead.init)
        itemAttributes = document.names.map(ItemAttribute.init)
        lowercasedNames = document.names.map { $0.lowercased() }
        declarableCount = document.summary.declarableCount
        names.reserveCapacity(declarableCount)
        itemNames.reserveCapacity(declarableCount)
    }

    // MARK: Diagnostics

    func warning(_ id: String, _ message: String, at location: SourceLocation?, path: String? = nil) {
        diagnostics.warning(id, message, at: location, path: path)
    }

    func error(_ id: String, _ message: String, at location: SourceLocation?, path: String? = nil) {
        diagnostics.error(id, message, at: location, path: path)
    }

    /// Reports a legacy spelling.
    func deprecated(_ message: String, at location: SourceLocation?, path: String? = nil) {
        warning("mmxml.deprecated", message, at: location, path: path)
    }

    // MARK: Names

    /// The position of the `kind` named `name`.
    func declared(_ name: String, as kind: NameKind) -> SourceLocation? { names[name]?[kind].map(location) }

    /// The document's location at `p`.
    func location(_ p: Declared.Position) -> SourceLocation {
        SourceLocation(file: document.sourceFile, line: Int(p.line), column: Int(p.column))
    }

    /// The kind and position of a node named `name`: the item, else the group, else the page.
    func declared(_ name: String) -> (kind: NameKind, location: SourceLocation)? {
        guard let declared = names[name] else { return nil }
        for kind in [NameKind.item, .group, .page] { if let at = declared[kind] { return (kind, location(at)) } }
        return nil
    }

    func isItem(_ name: String) -> Bool { declared(name, as: .item) != nil }

    // MARK: Positions

    /// The file position of the scalar at `offset` of `element`'s (untrimmed) character data.
    func contentLocation(_ element: MMElement, offset: Int) -> SourceLocation {
        if let p = XMLTree.contentPosition(in: document.source, from: element.content, scalarOffset: offset) {
            return SourceLocation(file: document.sourceFile, line: p.line, column: p.column)
        }
        return element.location
    }

    /// Where `element`'s trimmed text starts.
    func textLocation(_ element: MMElement) -> SourceLocation {
        contentLocation(element, offset: leadingWhitespace(element))
    }

    /// Where the word `name` stands in `element`'s text (the text's start when it is not found).
    func nameLocation(_ name: String, in element: MMElement) -> SourceLocation {
        contentLocation(element, offset: leadingWhitespace(element) + (Self.tokenOffset(of: name, in: element.text) ?? 0))
    }

    /// How many scalars of `element`'s untrimmed text come before its trimmed text.
    func leadingWhitespace(_ element: MMElement) -> Int { element.leadingWhitespaceScalars }

    // MARK: Values

    /// `YES`/`NO`/`true`/`false`/`1`/`0`, any case.
    static func bool(_ text: String) -> Bool? {
        let t = text.trimmedSpaces
        // The usual spellings without lower-casing.
        switch t {
        case "YES", "yes", "Yes", "true", "1": return true
        case "NO", "no", "No", "false", "0": return false
        default: break
        }
        switch t.lowercased() {
        case "yes", "true", "1", "y": return true
        case "no", "false", "0", "n": return false
        default: return nil
        }
    }

    static func double(_ text: String) -> Double? {
        let t = text.trimmedWhitespace
        guard !t.isEmpty, let d = Double(t), d.isFinite else { return nil }
        return d
    }

    static func int(_ text: String) -> Int? {
        let t = text.trimmedWhitespace
        return Int(t.hasPrefix("+") ? String(t.dropFirst()) : t)
    }
}

extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)` (tab and the Unicode space separators), on the bytes:
    /// Foundation's trims by `CharacterSet` lookups, some 8,000 instructions a text.
    var trimmedSpaces: String { String(self).trimmed(newlines: false) }
}

/// Whether two languages are the same ignoring case: their `lowercased()` forms are equal.
func sameLanguage(_ a: String?, _ b: String?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return a.lowercased() == b.lowercased()
}
