import FormIR

/// Inline suppression comments:
/// `<!-- formconv-disable-next-line rule-id[, rule-id…] -- reason -->` in XML and
/// `# formconv-disable-next-line rule-id -- reason` in YAML. A comment silences the named rules on the
/// next line that is neither blank nor a comment; one that silences nothing is itself reported.
struct Suppressions {
    struct Entry {
        var rules: [String]
        var commentLine: Int
        var column: Int
        var targetLine: Int
        var used = false
    }

    static let marker = "formconv-disable-next-line"
    private(set) var entries: [Entry] = []

    /// Suppressions of a file's raw bytes; the text is decoded only when the marker occurs in it (an
    /// ASCII marker occurs in the bytes exactly when it does in their UTF-8 decoding).
    init(bytes: [UInt8]) {
        var marker = Suppressions.marker
        let mentioned = bytes.withUnsafeBufferPointer { h in marker.withUTF8 { n in ByteSearch.contains(h, n) } }
        if mentioned { self.init(text: String(decoding: bytes, as: UTF8.self)) } else { self.init(text: "") }
    }

    init(text: String) {
        guard text.contains(Suppressions.marker) else { return }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var pending: [Entry] = []
        for (i, raw) in lines.enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if let r = line.range(of: Suppressions.marker) {
                let column = line[..<r.lowerBound].unicodeScalars.count + 1
                var rest = line[r.upperBound...]
                if let end = rest.range(of: "-->") { rest = rest[..<end.lowerBound] }
                if let reason = rest.range(of: " --") { rest = rest[..<reason.lowerBound] }
                let ids = rest.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
                pending.append(Entry(rules: ids, commentLine: i + 1, column: column, targetLine: 0))
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

    /// Whether `finding` is silenced; marks the comment used.
    mutating func suppresses(_ finding: Diagnostic) -> Bool {
        guard let line = finding.location?.line else { return false }
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
