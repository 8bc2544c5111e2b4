/// A colour as forms write it: `#RRGGBB` or a name (MM XML's `requireditemcolor`, a page's `bgcolor`).
/// Field styles keep the text the source wrote (`Style.textColor`); readers check it with `Color`.
public struct Color: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The red component, 0–255.
    public var red: UInt8
    /// The green component, 0–255.
    public var green: UInt8
    /// The blue component, 0–255.
    public var blue: UInt8
    /// 0 for `transparent` and `clear`, 255 otherwise.
    public var alpha: UInt8
    /// The name the colour was given by (a key of `Color.named`), so that it is written back so.
    public var name: String?

    /// A colour from its components (opaque unless `alpha` says), written back as `name` when it has one.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255, name: String? = nil) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.name = name
    }

    /// The name, else `#RRGGBB`: what `init?(_:)` reads back as this colour.
    public var description: String { name ?? hex }

    /// `#RRGGBB` (either case), or one of `Color.named` (any case, spaces ignored: `light gray`).
    public init?(_ text: String) {
        let t = text.filter { $0 != " " && $0 != "\t" && $0 != "\n" }
        if t.hasPrefix("#") {
            let hex = t.dropFirst()
            guard hex.count == 6, let v = UInt32(hex, radix: 16) else { return nil }
            self.init(red: UInt8(v >> 16 & 0xFF), green: UInt8(v >> 8 & 0xFF), blue: UInt8(v & 0xFF))
            return
        }
        guard var c = Color.named[t.lowercased()] else { return nil }
        c.name = t.lowercased()
        self = c
    }

    /// Whether the two are the same colour, whatever they were called.
    public func sameColor(as other: Color) -> Bool {
        (red, green, blue, alpha) == (other.red, other.green, other.blue, other.alpha)
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
