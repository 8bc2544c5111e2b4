import Foundation

/// The current spelling of each legacy MM XML spelling the reader normalises (`mmxml.deprecated`), for
/// tools that rewrite files in place (`formconv lint --fix`). Each answers `nil` when the spelling is
/// already the current one or is not a legacy spelling.
public enum LegacySpelling {
    /// An item `type`: `TextField` → `textField` (`UKBankPinger`, `FRBankPinger` are current).
    public static func type(_ name: String) -> String? {
        MMItemType.lookup(name).flatMap { $0.isLegacy ? $0.type.rawValue : nil }
    }

    /// An element name: `regEx` → `regex`, `regExMessage` → `regexmessage`.
    public static func element(_ name: String) -> String? { Legacy.tagNames[name] }

    /// Elements of the old format that mean nothing now (`remoteserver`, `theme`): the reader drops them.
    public static var obsoleteElements: Set<String> { Legacy.obsoleteElements }

    /// Attributes of the form, pages, groups and items that the old format used and the current one
    /// dropped (`language`, `emailName`): the reader drops them.
    public static var obsoleteAttributes: Set<String> { Legacy.obsoleteAttributes }

    /// A `<validation>` name: `numbers` → `numeric`.
    public static func validation(_ name: String) -> String? { Legacy.validationNames[name] }

    /// A `<buttonPosition>` text with the legacy words (`bottom right`, `Upper-Left`), as the schema's
    /// enumeration spells the same position (`low_right`, `up_left`): the vendor's upgrade renames
    /// `bottom` → `low` and `upper` → `up`, and the language's schema accepts only these four words.
    public static func buttonPosition(_ text: String) -> String? {
        guard let old = ButtonPosition.normalise(text), old.isLegacy else { return nil }
        return old.position
    }
}
