import MMXML

/// `formconv lint --fix`: the edits that finish the vendor's upgrade of a legacy MM XML file, each
/// made where it is written and nothing else — no reformatting, no reordering, every other byte kept —
/// so that a diff shows exactly what changed (docs/rules/deprecated-spelling.md).
///
/// An edit is *safe* when formconv reads the same form after it: a rename to the current spelling
/// (item types, `regEx`-style element names, validation `numbers`, `buttonPosition` words), the floor
/// of a legacy decimal size (the reader floors it in a legacy file, and would not once the file is
/// current), and the removal of what the reader drops (`remoteserver`, `theme`, `language`/`emailName`
/// on the form, pages, groups and items, `message`s that repeat one of the same language). An edit is
/// *unsafe* when the form's meaning changes: removing the `language` attributes of texts (they lose
/// their language). Texts in several languages are left as they are: removing their attributes would
/// throw translations away. Comments, CDATA, processing instructions and the DTD are never edited.
public enum LegacySpellingFix {
    /// Whether an edit keeps the form's meaning (`--fix`) or may change it (`--unsafe-fixes`), as ruff
    /// classes its fixes.
    public enum Safety: String, Sendable, Equatable { case safe, unsafe }

    /// One replacement: the bytes `range` of the file become `text`.
    public struct Edit: Equatable, Sendable {
        /// The byte offsets replaced.
        public var range: Range<Int>
        /// What they become.
        public var text: String
        /// Whether `--fix` makes it or only `--unsafe-fixes`.
        public var safety: Safety
        /// What the edit does, for people (`type 'TextField' → 'textField'`).
        public var description: String
        /// An edit replacing `range` with `text`.
        public init(range: Range<Int>, text: String, safety: Safety = .safe, description: String = "") {
            self.range = range
            self.text = text
            self.safety = safety
            self.description = description
        }
    }

    /// `bytes` with `edits` (in order, not overlapping) made.
    public static func apply(_ edits: [Edit], to bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var at = 0
        for e in edits {
            out += bytes[at..<e.range.lowerBound]
            out += Array(e.text.utf8)
            at = e.range.upperBound
        }
        return out + bytes[at...]
    }

    /// Every upgrade edit an MM XML document needs, safe and unsafe, in file order and not
    /// overlapping. Only ASCII-compatible text (UTF-8, ISO-8859-1, …) whose markup balances is edited.
    public static func edits(in bytes: [UInt8]) -> [Edit] {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.prefix(4).contains(0) { return [] }
        guard let scan = MarkupScan(bytes), scan.elements.first?.name == "form" else { return [] }
        var edits: [Edit] = []
        var removed: [Range<Int>] = []  // elements and attributes removed: nothing inside them is edited
        func text(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        func remove(_ r: Range<Int>, _ safety: Safety, _ what: String) {
            edits.append(Edit(range: r, text: "", safety: safety, description: what))
            removed.append(r)
        }
        let containers: Set<String> = ["form", "page", "group", "item"]
        let languages = Set(scan.elements.flatMap { e in
            containers.contains(e.name) ? [] : e.attributes.filter { $0.name == "language" }.map { trim(text($0.value)).lowercased() }
        })
        var isLegacy = false
        var sizes: [(MarkupScan.Element, String, Range<Int>)] = []
        for e in scan.elements {
            let parent = e.parent.map { scan.elements[$0] }
            if LegacySpelling.obsoleteElements.contains(e.name), let p = parent, containers.contains(p.name) {
                isLegacy = true
                remove(scan.removal(of: e), .safe, "<\(e.name)> removed (obsolete)")
                continue
            }
            if let modern = LegacySpelling.element(e.name) {
                isLegacy = true
                edits.append(Edit(range: e.nameRange, text: modern, description: "<\(e.name)> → <\(modern)>"))
                if let end = e.endNameRange { edits.append(Edit(range: end, text: modern, description: "</\(e.name)> → </\(modern)>")) }
            }
            for a in e.attributes {
                if containers.contains(e.name) && LegacySpelling.obsoleteAttributes.contains(a.name) {
                    isLegacy = true
                    remove(a.whole, .safe, "attribute '\(a.name)' on <\(e.name)> removed (obsolete)")
                } else if a.name == "language", !containers.contains(e.name), languages.count == 1 {
                    remove(a.whole, .unsafe, "attribute 'language' on <\(e.name)> removed (the text loses its language)")
                } else if e.name == "item", a.name == "type", let modern = LegacySpelling.type(text(a.value)) {
                    isLegacy = true
                    edits.append(Edit(range: a.value, text: modern, description: "type '\(text(a.value))' → '\(modern)'"))
                }
            }
            if e.name == "message", let p = parent, p.name == "onmissing" || p.name == "onerror",
               repeatsEarlierMessage(e, in: p, scan: scan, text: text) {
                remove(scan.removal(of: e), .safe, "repeated <message> removed (only the first counts)")
                continue
            }
            guard parent?.name == "item", let (value, range) = scan.plainText(of: e) else { continue }
            switch e.name {
            case "validation":
                if let modern = LegacySpelling.validation(value) {
                    isLegacy = true
                    edits.append(Edit(range: range, text: modern, description: "validation '\(value)' → '\(modern)'"))
                }
            case "buttonPosition":
                if let modern = LegacySpelling.buttonPosition(value) {
                    edits.append(Edit(range: range, text: modern, description: "buttonPosition '\(value)' → '\(modern)'"))
                }
            case "width", "height", "textSize": sizes.append((e, value, range))
            default: break
            }
        }
        // The reader floors decimal sizes only in a legacy file: once the rest is current they would
        // read as written, so the floor is made here, in the same pass.
        if isLegacy {
            for (e, value, range) in sizes {
                guard let d = Double(value), d.isFinite, d != d.rounded(.down), abs(d) < 1e15 else { continue }
                let floored = String(Int(d.rounded(.down)))
                edits.append(Edit(range: range, text: floored, description: "<\(e.name)>\(value) floored to \(floored)"))
            }
        }
        let sorted = edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        // An edit inside a removed range goes with it.
        return sorted.filter { e in
            !removed.contains { r in r != e.range && r.lowerBound <= e.range.lowerBound && e.range.upperBound <= r.upperBound }
        }
    }

    /// The edits `--fix` (safe only) or `--fix --unsafe-fixes` (all) makes.
    public static func edits(in bytes: [UInt8], unsafe: Bool) -> [Edit] {
        edits(in: bytes).filter { unsafe || $0.safety == .safe }
    }

    private static func trim(_ s: String) -> String {
        String(s.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// Whether an earlier `message` of `parent` has the same language as `e` (the reader keeps only the
    /// first of a language).
    private static func repeatsEarlierMessage(_ e: MarkupScan.Element, in parent: MarkupScan.Element, scan: MarkupScan,
                                              text: (Range<Int>) -> String) -> Bool {
        func language(_ m: MarkupScan.Element) -> String {
            m.attributes.first { $0.name == "language" }.map { trim(text($0.value)).lowercased() } ?? ""
        }
        let mine = language(e)
        for c in parent.children {
            let m = scan.elements[c]
            if m.whole == e.whole { return false }
            if m.name == "message" && language(m) == mine { return true }
        }
        return false
    }
}
