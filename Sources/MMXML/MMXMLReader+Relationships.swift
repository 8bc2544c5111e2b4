import Foundation
import FormIR
import Expressions

/// `<relationship object="item::x|group::x|page::x">` with `<condition>`, `<if>` and `<else>`.
extension ReadSession {
    /// Reads the relationships in order. From `parallelThreshold` elements in the document on, the
    /// later half is read by a worker session on another thread (conditions cost ~20,000 instructions
    /// each); its rules, diagnostics and references come after this half's, as in a one-thread read.
    func readRelationships(_ elements: [MMElement], parallelThreshold: Int = ReadSession.parallelThreshold) -> [Rule] {
        guard elements.count >= 2, document.elements.count >= parallelThreshold else {
            return readRelationships(elements[...], firstIndex: 0)
        }
        let half = elements.count / 2
        let job = RelationshipJob(session: ReadSession(relationshipWorkerOf: self), elements: elements[half...],
                                  firstIndex: elements[..<half].count(where: { Self.target(of: $0) != nil }))
        let (_, first) = SideThread.run({ job.read() }, alongside: { readRelationships(elements[..<half], firstIndex: 0) })
        var rules = first.get()
        rules += job.rules
        diagnostics.append(contentsOf: job.session.diagnostics.items)
        pendingReferences += job.session.pendingReferences
        return rules
    }

    /// Reads `elements`, the first of which makes rule `firstIndex` (for the paths).
    private func readRelationships(_ elements: ArraySlice<MMElement>, firstIndex: Int) -> [Rule] {
        var rules: [Rule] = []
        for r in elements {
            if let rule = readRelationship(r, path: "/rules/\(firstIndex + rules.count)") { rules.append(rule) }
        }
        return rules
    }

    /// The later relationships and the session reading them on the worker thread: written there, read
    /// once `SideThread.run` has waited for it. The document and the names are only read by both threads.
    private final class RelationshipJob: @unchecked Sendable {
        let session: ReadSession
        let elements: ArraySlice<MMElement>
        let firstIndex: Int
        var rules: [Rule] = []

        init(session: ReadSession, elements: ArraySlice<MMElement>, firstIndex: Int) {
            self.session = session
            self.elements = elements
            self.firstIndex = firstIndex
        }

        func read() { rules = session.readRelationships(elements, firstIndex: firstIndex) }
    }

    private func readRelationship(_ r: MMElement, path: String) -> Rule? {
        guard let object = r.attribute("object") else {
            error("mmxml.bad-object", "relationship without an object attribute (item::x, group::x or page::x); left out",
                  at: r.location, path: path)
            return nil
        }
        guard let target = target(object, path: path) else { return nil }
        var rule = Rule(condition: nil, target: target, then: [], location: r.location)
        for a in r.attributes where a.name != "object" {
            keepAttribute(a, in: &rule.extensions, path: path, owner: "<relationship>")
        }
        for child in r.children {
            switch child.name.lowercased() {
            case "condition":
                if rule.source != nil {
                    keepTag(child, in: &rule.extensions, path: path, owner: "<relationship>", id: "mmxml.repeated-tag",
                            message: "relationship already has a <condition>; this one is kept but does not count")
                    continue
                }
                readCondition(child, into: &rule, path: path)
            case "if": rule.then += effects(child, target: target, path: path)
            case "else": rule.otherwise += effects(child, target: target, path: path)
            default: keepTag(child, in: &rule.extensions, path: path, owner: "<relationship>")
            }
        }
        return rule
    }

    /// `item::x`, `group::x`, `page::x`; reports names that are not of that kind.
    private func target(_ a: MMElement.Attribute, path: String) -> RuleTarget? {
        guard let (kind, name, target) = Self.target(a.value) else {
            error("mmxml.bad-object", "relationship object '\(a.value)' is not item::x, group::x or page::x; left out",
                  at: a.location, path: path)
            return nil
        }
        if declared(name)?.kind != kind {
            let other = declared(name).map { " (it is a \($0.kind.rawValue))" } ?? ""
            error("mmxml.unknown-target", "relationship object '\(a.value)' names no \(kind.rawValue) of this form\(other)",
                  at: a.location, path: path)
        }
        return target
    }

    /// What an `object` attribute names; `nil` when it is not `item::x`, `group::x` or `page::x`.
    static func target(_ object: String) -> (kind: NameKind, name: String, target: RuleTarget)? {
        let parts = components(object, separatedBy: "::")
        guard parts.count == 2 else { return nil }
        let name = parts[1].trimmedSpaces
        switch parts[0].trimmedSpaces.lowercased() {
        case "item": return (.item, name, .field(name))
        case "group": return (.group, name, .section(name))
        case "page": return (.page, name, .page(name))
        default: return nil
        }
    }

    /// The target of relationship `r`, when it makes a rule (`readRelationship` returns one).
    static func target(of r: MMElement) -> RuleTarget? {
        r.attribute("object").flatMap { target($0.value)?.target }
    }

    /// `text.components(separatedBy: separator)`, split without Foundation when both are ASCII.
    static func components(_ text: String, separatedBy separator: String) -> [String] {
        var text = text, separator = separator
        // On the strings' own UTF-8 storage: no arrays of bytes are made.
        let parts = text.withUTF8 { t in
            separator.withUTF8 { sep -> [String]? in
                guard !sep.isEmpty, t.allSatisfy({ $0 < 0x80 }), sep.allSatisfy({ $0 < 0x80 }) else { return nil }
                var parts: [String] = []
                var start = 0, i = 0
                while i + sep.count <= t.count {
                    if memcmp(t.baseAddress! + i, sep.baseAddress!, sep.count) == 0 {
                        parts.append(String(decoding: UnsafeBufferPointer(rebasing: t[start..<i]), as: UTF8.self))
                        i += sep.count
                        start = i
                    } else {
                        i += 1
                    }
                }
                parts.append(String(decoding: UnsafeBufferPointer(rebasing: t[start...]), as: UTF8.self))
                return parts
            }
        }
        return parts ?? text.components(separatedBy: separator)
    }

    /// Parses the condition; syntax errors and missing items are reported at their exact position.
    private func readCondition(_ c: MMElement, into rule: inout Rule, path: String) {
        let text = c.text
        let leading = leadingWhitespace(c)
        rule.source = ConditionSource(dialect: .mmCondition, text: text, location: contentLocation(c, offset: leading))
        do {
            let expression = try MMCondition.parse(text)
            rule.condition = expression
            for name in expression.referencedFields where !isItem(name) {
                let offset = Self.tokenOffset(of: name, in: text) ?? 0
                error("mmxml.unknown-reference", "condition names '\(name)', which is not an item of this form",
                      at: contentLocation(c, offset: leading + offset), path: path)
            }
        } catch {
            let column = max(error.column, 1)
            self.error("mmxml.condition-syntax", "condition \"\(text.excerpt())\": \(error.message)",
                       at: contentLocation(c, offset: leading + column - 1), path: path)
        }
    }

    /// The scalar offset of `name` as a whole word outside string literals.
    static func tokenOffset(of name: String, in text: String) -> Int? {
        let s = Array(text.unicodeScalars)
        let n = Array(name.unicodeScalars)
        func isWord(_ c: Unicode.Scalar) -> Bool { CharacterSet.alphanumerics.contains(c) || c == "_" || c == "." || c == "-" }
        var i = 0
        while i < s.count {
            if s[i] == "\"" {
                i += 1
                while i < s.count, s[i] != "\"" { i += 1 }
                i += 1
                continue
            }
            if isWord(s[i]) {
                var j = i
                while j < s.count, isWord(s[j]) { j += 1 }
                if Array(s[i..<j]) == n { return i }
                i = j
                continue
            }
            i += 1
        }
        return nil
    }
}
