/// A colour as forms write it: `#RRGGBB` or a name. The model keeps colours as the text the source
/// wrote (`Style.textColor`, MM XML's `requireditemcolor`); `Color` is what that text means, for
/// readers that check it and emitters that need the components.
public struct Color: Hashable, Codable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// 0 for `transparent` and `clear`, 255 otherwise.
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `#RRGGBB` (either case), or one of `Color.named` (any case, spaces ignored: `light gray`).
    public init?(_ text: String) {
        let t = text.filter { $0 != " " && $0 != "\t" && $0 != "\n" }
        if t.hasPrefix("#") {
            let hex = t.dropFirst()
            guard hex.count == 6, let v = UInt32(hex, radix: 16) else { return nil }
            self.init(red: UInt8(v >> 16 & 0xFF), green: UInt8(v >> 8 & 0xFF), blue: UInt8(v & 0xFF))
            return
        }
        guard let c = Color.named[t.lowercased()] else { return nil }
        self = c
    }

    /// `#RRGGBB` (upper case hex); `transparent` when fully transparent.
    public var hex: String {
        guard alpha == 255 else { return "transparent" }
        func h(_ b: UInt8) -> String { let s = String(b, radix: 16, uppercase: true); return s.count == 1 ? "0" + s : s }
        return "#" + h(red) + h(green) + h(blue)
    }

    /// The colour names MM XML renderers know (NOTES.md, "MM XML in real forms"), with `gray`/`grey`
    /// and `lightgray`'s spellings from the language's `textColor` description.
    public static let named: [String: Color] = [
        "transparent": Color(red: 0, green: 0, blue: 0, alpha: 0),
        "clear": Color(red: 0, green: 0, blue: 0, alpha: 0),
        "red": Color(red: 255, green: 0, blue: 0),
        "blue": Color(red: 0, green: 0, blue: 255),
        "white": Color(red: 255, green: 255, blue: 255),
        "black": Color(red: 0, green: 0, blue: 0),
        "dark": Color(red: 0, green: 0, blue: 0),
        "orange": Color(red: 255, green: 128, blue: 0),
        "green": Color(red: 0, green: 255, blue: 0),
        "yellow": Color(red: 255, green: 255, blue: 0),
        "brown": Color(red: 153, green: 102, blue: 51),
        "gray": Color(red: 128, green: 128, blue: 128),
        "grey": Color(red: 128, green: 128, blue: 128),
        "darkgray": Color(red: 85, green: 85, blue: 85),
        "darkgrey": Color(red: 85, green: 85, blue: 85),
        "lightgray": Color(red: 170, green: 170, blue: 170),
        "lightgrey": Color(red: 170, green: 170, blue: 170),
    ]
}
