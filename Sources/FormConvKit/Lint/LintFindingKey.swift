import FormIR

/// What a finding is about, independent of where it is printed: the key baselines count findings by
/// and SARIF's `partialFingerprints` carry, so neither reopens after a reorder, a reformat, a move or
/// a conversion to another format.
///
/// - `form`: the form's identity (`LintFileResult.formIdentity`: its name or `formPrefix`), else the
///   file's path;
/// - `subject`: the item the finding is about (the last `fields/ID` of its IR path), or `relationships`
///   for a finding about a relationship, or nothing for the form as a whole;
/// - `rule`, and `hash`: FNV-1a of the message with positions (`12:5`) and counts of texts taken out.
public struct LintFindingKey: Hashable, Comparable, Sendable {
    /// The form's identity, or its file's path.
    public var form: String
    /// The item (or `relationships`) the finding is about; empty for the form as a whole.
    public var subject: String
    /// The rule id.
    public var rule: String
    /// A hash of what the finding says, positions left out.
    public var hash: String

    /// A key from its parts (as a baseline file holds them).
    public init(form: String, subject: String, rule: String, hash: String) {
        self.form = form
        self.subject = subject
        self.rule = rule
        self.hash = hash
    }

    /// The key of finding `d` of the file result `r`.
    public init(_ d: Diagnostic, in r: LintFileResult) {
        let file = r.file.hasPrefix("./") ? String(r.file.dropFirst(2)) : r.file
        self.init(form: r.formIdentity ?? file, subject: Self.subject(of: d.path), rule: d.id,
                  hash: Self.fnv1a(Self.withoutPositions(d.message)))
    }

    /// The whole key as one hex string (SARIF `partialFingerprints`).
    public var fingerprint: String { Self.fnv1a([form, subject, rule, hash].joined(separator: "\u{1F}")) }

    /// `fields/ID` at the end of an IR path names the item; `/rules/N` a relationship.
    static func subject(of path: String?) -> String {
        guard let path else { return "" }
        if let r = path.range(of: "/fields/", options: .backwards) { return String(path[r.upperBound...]) }
        if path.hasPrefix("/rules/") { return "relationships" }
        return ""
    }

    /// The message with every run of digits after `:`, `(` or a space replaced by `#` (digits inside a
    /// name, `sponsor1Address`, stay), so "first at 12:5" does not change the key as lines move.
    static func withoutPositions(_ message: String) -> String {
        var out = ""
        var inNumber = false
        var previous: Character = " "
        for c in message {
            if c.isASCII && c.isNumber {
                let standsAlone = previous == ":" || previous == " " || previous == "(" || inNumber
                if standsAlone { if !inNumber { out.append("#") }; inNumber = true; continue }
            }
            inNumber = false
            out.append(c)
            previous = c
        }
        return out
    }

    /// 64-bit FNV-1a of the UTF-8 bytes, as 16 hex digits: stable across runs and platforms.
    static func fnv1a(_ s: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Orders by form, subject, rule, hash.
    public static func < (a: Self, b: Self) -> Bool { (a.form, a.subject, a.rule, a.hash) < (b.form, b.subject, b.rule, b.hash) }
}
