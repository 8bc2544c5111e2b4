import FormIR

/// Inline suppressions, in every format that can hold them:
/// `<!-- formconv-disable-next-line rule-id[, rule-id…] -- reason -->` in XML (MM XML, ShinobiForms,
/// XML property lists), `# formconv-disable-next-line rule-id -- reason` in YAML, and in JSON, which
/// has no comments, a string member `"//": "formconv-disable-next-line rule-id -- reason"`. It
/// silences the named rules on the next line that is neither blank nor a comment (nor another
/// suppression); one that silences nothing is itself reported (`unused-suppression`).
///
/// `formconv-disable-file rule-id[, …]` (in the same places) silences the rules in the whole file;
/// without rule ids, every rule.
struct Suppressions {
    struct Entry {
        var rules: [String]
        var commentLine: Int
        var column: Int
        var targetLine: Int
        var used = false
    }

    static let marker = "formconv-disable-next-line"
    static let fileMarker = "formconv-disable-file"
    /// The prefix both markers share: a file without it has no suppression.
    static let commonMarker = "formconv-disable-"
    private(set) var entries: [Entry] = []
    /// Rules disabled in the whole file; `nil` entry list (`allRules`) when every rule is.
    private(set) var fileRules: Set<String> = []
    private(set) var allRules = false
    /// Lines that hold a suppression: a JSON suppression is a member the reader does not know.
    private(set) var markerLines: Set<Int> = []

    /// Suppressions of a file's raw bytes; the text is decoded only when the marker occurs in it (an
    /// ASCII marker occurs in the bytes exactly when it does in their UTF-8 decoding).
    init(bytes: [UInt8]) {
        var marker = Suppressions.commonMarker
        let mentioned = bytes.withUnsafeBufferPointer { h in marker.withUTF8 { n in ByteSearch.contains(h, n) } }
        if mentioned { self.init(text: String(decoding: bytes, as: UTF8.self)) } else { self.init(text: "") }
    }

    init(text: String) {
        guard text.contains(Suppressions.commonMarker) else { return }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var pending: [Entry] = []
        for (i, raw) in lines.enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if let r = line.range(of: Suppressions.fileMarker) {
                markerLines.insert(i + 1)
                let ids = Self.ruleIDs(line[r.upperBound...])
                if ids.isEmpty { allRules = true } else { fileRules.formUnion(ids) }
                continue
            }
            if let r = line.range(of: Suppressions.marker) {
                markerLines.insert(i + 1)
                let column = line[..<r.lowerBound].unicodeScalars.count + 1
                pending.append(Entry(rules: Self.ruleIDs(line[r.upperBound...]), commentLine: i + 1, column: column, targetLine: 0))
                continue
            }
            let isComment = trimmed.hasPrefix("<!--") || trimmed.hasPrefix("#")
            if trimmed.isEmpty || isComment || pending.isEmpty { continue }
            for var p in pending {
                p.targetLine = i + 1
                entries.append(p)
            }
            pending.removeAll()
        }
    }

    /// The rule ids after a marker, up to the end of the comment (`-->`), the reason (` --`) or the
    /// JSON string (`"`).
    private static func ruleIDs(_ text: Substring) -> [String] {
        var rest = text
        for end in ["-->", " --", "\""] { if let r = rest.range(of: end) { rest = rest[..<r.lowerBound] } }
        return rest.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
    }

    /// Whether every finding of the rule `id` is silenced, whatever its line: a file-wide comment names
    /// it (or names no rule). Such comments are never reported unused, so the rule need not run.
    func silencesWholeFile(_ id: String) -> Bool { allRules || fileRules.contains(id) }

    /// Whether `finding` is silenced; marks the comment used. The member that holds a JSON
    /// suppression is not an unknown key.
    mutating func suppresses(_ finding: Diagnostic) -> Bool {
        if allRules || fileRules.contains(finding.id) { return true }
        guard let line = finding.location?.line else { return false }
        if finding.id == "unknown-tag" && markerLines.contains(line) { return true }
        for i in entries.indices where entries[i].targetLine == line && entries[i].rules.contains(finding.id) {
            entries[i].used = true
            return true
        }
        return false
    }

    /// `unused-suppression` findings for comments that silenced nothing.
    func unused(file: String) -> [Diagnostic] {
        entries.filter { !$0.used }.map { e in
            let unknown = e.rules.filter { LintRules.rule($0) == nil }
            let msg = unknown.isEmpty
                ? "this suppression of \(e.rules.joined(separator: ", ")) matches no finding on line \(e.targetLine)"
                : "this suppression names unknown rule \(unknown.joined(separator: ", "))"
            return Diagnostic(.warning, id: "unused-suppression", msg,
                              at: SourceLocation(file: file, line: e.commentLine, column: e.column))
        }
    }
}
