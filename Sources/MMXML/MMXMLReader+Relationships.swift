import Foundation
import FormIR
import Expressions

/// `<relationship object="item::x|group::x|page::x">` with `<condition>`, `<if>` and `<else>`.
extension ReadSession {
    /// Reads the relationships in order.
    func readRelationships(_ elements: [MMElement]) -> [Rule] {
        var rules: [Rule] = []
        for r in elements {
            if let rule = readRelationship(r, path: "/rules/\(rules.count)") { rules.append(rule) }
        }
        return rules
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
        evaluateSpellings = []
        defer { evaluateSpellings = [] }
        for child in r.children {
            switch lowercasedNames[Int(child.nameID)] {
            case "condition":
                if rule.source != nil {
                    keepTag(child, in: &rule.extensions, path: path, owner: "<relationship>", id: "mmxml.repeated-tag",
                            message: "relationship already has a <condition>; this one is kept but does not count")
                    continue
                }
                readCondition(child, into: &rule, path: path)
            case "if": effects(child, target: target, path: path, into: &rule.then)
            case "else": effects(child, target: target, path: path, into: &rule.otherwise)
            default: keepTag(child, in: &rule.extensions, path: path, owner: "<relationship>")
            }
        }
        if !evaluateSpellings.isEmpty { rule.extensions[MMKey.evaluateSpellings] = .array(evaluateSpellings.map(Value.string)) }
        return rule
    }

    /// `item::x`, `group::x`, `page::x`; reports names that are not of that kind.
    private func target(_ a: MMElement.Attribute, path: String) -> RuleTarget? {
        guard let (kind, name, target) = Self.target(a.value) else {
            error("mmxml.bad-object", "relationship object '\(a.value)' is not item::x, group::x or page::x; left out",
                  at: a.location, path: path)
            return nil
        }
        if declared(name, as: kind) == nil {
            reportUnresolved(name, wanted: kind, what: "relationship object '\(a.value)'", at: a.location, path: path,
                             id: "mmxml.unknown-target")
        }
        return target
    }

    /// What an `object` attribute names; `nil` when it is not `item::x`, `group::x` or `page::x`.
    static func target(_ object: String) -> (kind: NameKind, name: String, target: RuleTarget)? {
        guard let parts = objectParts(object) else { return nil }
        let name = parts.name.trimmedSpaces
        switch parts.kind.trimmedSpaces.lowercased() {
        case "item": return (.item, name, .field(name))
        case "group": return (.group, name, .section(name))
        case "page": return (.page, name, .page(name))
        default: return nil
        }
    }

    /// `object` split at its one `::` (`nil` when it has none or more than one): what
    /// `object.split(separator: "::", omittingEmptySubsequences: false)` gives when it gives two parts.
    /// An ASCII object (every real one) is split on its bytes; the generic split, which compares
    /// `Character`s (some 20,000 instructions an object), only splits others, where a `:` may join a
    /// combining mark.
    static func objectParts(_ object: String) -> (kind: String, name: String)? {
        var parts: [String]?
        if let ascii = object.utf8.withContiguousStorageIfAvailable(asciiParts) { parts = ascii }
        let all = parts ?? object.split(separator: "::", omittingEmptySubsequences: false).map(String.init)
        return all.count == 2 ? (all[0], all[1]) : nil
    }

    /// The parts of ASCII `bytes` around `::`, as the generic split finds them (left to right, not
    /// overlapping), the third holding the rest; `nil` when a byte is not ASCII.
    private static func asciiParts(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        let colon = UInt8(ascii: ":")
        var parts: [String] = []
        var start = 0, i = 0
        while i + 1 < bytes.count, parts.count < 2 {
            if bytes[i] == colon && bytes[i + 1] == colon {
                parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
                i += 2
                start = i
            } else {
                i += 1
            }
        }
        parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
        return parts
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
                reportUnresolved(name, wanted: .item, what: "condition", at: contentLocation(c, offset: leading + offset),
                                 path: path, id: "mmxml.unknown-reference")
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
