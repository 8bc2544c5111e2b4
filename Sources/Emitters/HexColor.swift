import Foundation

/// Colours as `#RRGGBB`, the hex colour strings targets such as the row schema require. MM XML's colour
/// names (NOTES.md: `transparent`, `clear`, `red`, …) are iOS's `UIColor` class colours; those with an
/// opaque RGB value map to it, the others (`transparent`/`clear` have no opaque form, `dark` names no
/// one colour) have none.
public enum HexColor {
    /// UIColor's named colours as RGB (`orangeColor` is 1, 0.5, 0; `brownColor` 0.6, 0.4, 0.2;
    /// `darkGrayColor` 1/3 white; `lightGrayColor` 2/3 white).
    static let named: [String: String] = [
        "black": "#000000", "white": "#FFFFFF", "red": "#FF0000", "green": "#00FF00", "blue": "#0000FF",
        "yellow": "#FFFF00", "orange": "#FF8000", "brown": "#996633", "darkgray": "#555555",
        "lightgray": "#AAAAAA",
    ]

    /// `text` as `#RRGGBB` (a name mapped, `#RGB` widened, case kept), or `nil` when it has no such form.
    public static func hex(_ text: String) -> String? {
        let t = text.trimmingCharacters(in: .whitespaces)
        if let n = named[t.lowercased()] { return n }
        guard t.hasPrefix("#"), t.dropFirst().allSatisfy(\.isHexDigit) else { return nil }
        let digits = t.dropFirst()
        switch digits.count {
        case 6: return t
        case 3: return "#" + digits.map { "\($0)\($0)" }.joined()
        default: return nil
        }
    }
}
