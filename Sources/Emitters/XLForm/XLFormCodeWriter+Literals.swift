import Foundation
import FormIR

extension XLFormCodeWriter {
    /// A string literal, escaped for the target language (`"…"` or `@"…"`).
    func string(_ s: String) -> String {
        var out = language == .swift ? "\"" : "@\""
        for u in s.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "?" where language == .objc && out.hasSuffix("?"):
                out += "\\?"  // never a trigraph (`??/` is a backslash in strict C)
            default:
                if u.value < 0x20 || u.value == 0x7F || u.value == 0x2028 || u.value == 0x2029 {
                    if language == .swift { out += "\\u{\(String(u.value, radix: 16, uppercase: true))}" }
                    else if u.value < 0x80 {
                        let octal = String(u.value, radix: 8)
                        out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                    } else {
                        out += "\\u\(String(u.value, radix: 16, uppercase: true))"
                    }
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    func optionalString(_ s: String?) -> String { s.map(string) ?? "nil" }

    func bool(_ b: Bool) -> String { language == .swift ? (b ? "true" : "false") : (b ? "YES" : "NO") }

    func flag(_ f: XLFormFlag) -> String {
        switch f {
        case .bool(let b): language == .swift ? bool(b) : (b ? "@YES" : "@NO")
        case .predicate(let p): string(p)
        }
    }

    /// A plain C number for scalar properties (`row.height = 44;`).
    func number(_ v: Value) -> String {
        switch v {
        case .int(let i): String(i)
        case .double(let d): Self.doubleText(d)
        default: "0"
        }
    }

    func classNamed(_ name: String) -> String { "NSClassFromString(\(string(name)))" }

    func option(_ o: XLFormOptionModel) -> String {
        guard let text = o.displayText else { return value(o.value) }
        return language == .swift ? "XLFormOptionsObject(value: \(value(o.value)), displayText: \(string(text)))!"
                                  : "[XLFormOptionsObject formOptionsObjectWithValue:\(value(o.value)) displayText:\(string(text))]"
    }

    func validator(_ v: XLFormValidatorModel) -> String {
        switch v {
        case .email: language == .swift ? "XLFormValidator.email()" : "[XLFormValidator emailValidator]"
        case .regex(let regex, let msg):
            language == .swift ? "XLFormRegexValidator(msg: \(optionalString(msg)), andRegexString: \(string(regex)))"
                               : "[XLFormRegexValidator formRegexValidatorWithMsg:\(optionalString(msg)) regex:\(string(regex))]"
        }
    }

    /// An object expression for a value (`id` in Objective-C, `Any` in Swift), keeping its type.
    func value(_ v: Value) -> String {
        let swift = language == .swift
        switch v {
        case .null: return swift ? "NSNull()" : "[NSNull null]"
        case .bool(let b): return swift ? bool(b) : (b ? "@YES" : "@NO")
        case .int(let i): return swift ? String(i) : (i < 0 ? "@(\(i))" : "@\(i)")
        case .double(let d):
            if d.isNaN { return swift ? "Double.nan" : "@(__builtin_nan(\"\"))" }
            if d.isInfinite {
                return swift ? (d < 0 ? "-Double.infinity" : "Double.infinity") : (d < 0 ? "@(-__builtin_inf())" : "@(__builtin_inf())")
            }
            let text = Self.doubleText(d)
            return swift ? text : (d < 0 ? "@(\(text))" : "@\(text)")
        case .string(let s), .reference(let s): return string(s)
        case .date(let s):
            guard let t = Self.epochSeconds(s) else { return string(s) }
            return swift ? "Date(timeIntervalSince1970: \(t))" : "[NSDate dateWithTimeIntervalSince1970:\(t)]"
        case .data(let b64):
            return swift ? "Data(base64Encoded: \(string(b64)))!"
                         : "[[NSData alloc] initWithBase64EncodedString:\(string(b64)) options:0]"
        case .array(let items):
            let inner = items.map(value).joined(separator: ", ")
            return swift ? "[\(inner)] as [Any]" : "@[\(inner)]"
        case .object(let o):
            let keys = o.keys.sorted()
            if swift {
                let inner = keys.isEmpty ? ":" : keys.map { "\(string($0)): \(value(o[$0]!))" }.joined(separator: ", ")
                return "[\(inner)] as [String: Any]"
            }
            return "@{" + keys.map { "\(string($0)): \(value(o[$0]!))" }.joined(separator: ", ") + "}"
        }
    }

    /// Row types whose value is an `NSDate`.
    static let dateRowTypes: Set<String> = ["date", "time", "datetime", "countDownTimer", "dateInline", "timeInline",
                                            "datetimeInline", "countDownTimerInline", "datePicker"]

    /// A date row's value as an `NSDate`: MM XML's `today` is the current date, a number is a Unix
    /// timestamp (MM `defaultDate`); anything else is written as `value(_:)` writes it.
    func dateValue(_ v: Value) -> String {
        let swift = language == .swift
        switch v {
        case .string(let s) where s.trimmingCharacters(in: .whitespaces).lowercased() == "today":
            return swift ? "Date()" : "[NSDate date]"
        case .int, .double:
            let t = v.doubleValue.map(Value.format) ?? "0"
            return swift ? "Date(timeIntervalSince1970: \(t))" : "[NSDate dateWithTimeIntervalSince1970:\(t)]"
        case .string(let s) where Int(s.trimmingCharacters(in: .whitespaces)) != nil:
            return dateValue(.int(Int(s.trimmingCharacters(in: .whitespaces))!))
        default:
            return value(v)
        }
    }

    /// A double as source text that stays a floating-point literal (`3.0`, `2.5`, `1e-07`).
    static func doubleText(_ d: Double) -> String {
        let s = String(d)
        return s.contains(".") || s.contains("e") || s.contains("n") ? s : s + ".0"
    }

    /// Seconds since 1970 for ISO 8601 text (`2024-05-01T09:30:00Z`, fractional seconds, or a plain date).
    static func epochSeconds(_ iso: String) -> String? {
        let formatters: [ISO8601DateFormatter.Options] = [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate]]
        for options in formatters {
            let f = ISO8601DateFormatter()
            f.formatOptions = options
            if let date = f.date(from: iso) { return Value.format(date.timeIntervalSince1970) }
        }
        return nil
    }

    /// Text safe inside a `//` comment: one line, no trailing backslash (a line splice in C), no `??`
    /// (a trigraph start: `??/` is a backslash in strict C, so it too would splice the next line).
    static func commentText(_ s: String) -> String {
        var t = String(s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x2028 || $0.value == 0x2029 ? " " : Character($0) })
        while t.contains("??") { t = t.replacingOccurrences(of: "??", with: "? ?") }
        while t.hasSuffix("\\") || t.hasSuffix(" ") { t.removeLast() }
        return t
    }
}
