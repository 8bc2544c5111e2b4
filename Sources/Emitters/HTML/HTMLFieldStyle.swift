import Foundation
import FormIR

/// A field's colors, text size, alignment and width as an inline CSS declaration list. Color words
/// MM XML knows but CSS does not (`clear`, `dark`) are mapped; anything that is not a plain color word
/// or `#hex` is left out, so input text never reaches the style sheet as CSS syntax.
enum HTMLFieldStyle {
    static func css(_ f: Field) -> String? {
        var out: [String] = []
        if let c = color(f.style.textColor) { out.append("color:\(c)") }
        if let c = color(f.style.backgroundColor) { out.append("background-color:\(c)") }
        if let s = f.style.textSize, s > 0, s < 200 { out.append("font-size:\(Value.format(s))px") }
        if let a = f.style.alignment?.lowercased(), ["left", "center", "right"].contains(a) { out.append("text-align:\(a)") }
        if let w = f.layout.size, w > 0, !f.kind.isDisplayOnly || f.kind == .label {
            out.append("width:min(100%,\(Value.format(w))px)")
        }
        return out.isEmpty ? nil : out.joined(separator: ";")
    }

    static func color(_ s: String?) -> String? {
        guard let s = s?.trimmingCharacters(in: .whitespaces), !s.isEmpty else { return nil }
        switch s.lowercased() {
        case "clear": return "transparent"
        case "dark": return "#333333"
        default: break
        }
        let hex = s.hasPrefix("#") && s.count <= 9 && s.dropFirst().allSatisfy(\.isHexDigit)
        let word = s.allSatisfy { $0.isASCII && $0.isLetter }
        return hex || word ? s : nil
    }
}
