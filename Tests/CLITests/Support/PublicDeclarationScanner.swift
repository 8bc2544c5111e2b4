/// Finds `public` and `open` declarations in Swift source that no `///` (or `/** */`) comment
/// documents, line by line (issue 25: every public declaration of the library is documented).
///
/// A declaration is a line that, after its attributes (`@inlinable`, `@available(…)`, …) and
/// modifiers, starts with a declaration keyword; it is public when `public` or `open` is among the
/// modifiers (`public private(set) var` is, `public(set)` alone is not), or when it sits directly in
/// a `public extension` without an access modifier of its own. It is documented when the lines above
/// it, skipping attribute lines and `//` comments, end in a doc comment. Enum cases and protocol
/// requirements, public through their type without the word, are not counted.
enum PublicDeclarationScanner {
    struct Finding: Equatable, CustomStringConvertible {
        var line: Int
        var text: String
        var description: String { "\(line): \(text)" }
    }

    /// Every public declaration (`all`) and those without a doc comment (`undocumented`).
    static func scan(_ source: String) -> (all: [Finding], undocumented: [Finding]) {
        var all: [Finding] = [], undocumented: [Finding] = []
        var documented = false, inBlockComment = false, inMultilineString = false
        var depth = 0
        var publicExtensionDepths: [Int] = []   // brace depth inside each open `public extension`
        for (index, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if inBlockComment {
                if line.contains("*/") { inBlockComment = false }
                continue
            }
            if inMultilineString {
                if line.contains("\"\"\"") { inMultilineString = false }
                continue
            }
            if line.hasPrefix("///") { documented = true; continue }
            if line.hasPrefix("/**") {
                documented = true
                inBlockComment = !line.contains("*/")
                continue
            }
            if line.hasPrefix("/*") { inBlockComment = !line.contains("*/"); continue }
            if line.hasPrefix("//") { continue }
            if line.hasPrefix("@"), skipAttributes(line)?.isEmpty ?? true { continue }   // an attribute on its own line

            if let (modifiers, keyword) = declaration(line) {
                let inPublicExtension = publicExtensionDepths.last == depth
                let explicitAccess = modifiers.contains { accessModifiers.contains($0) }
                if modifiers.contains("public") || modifiers.contains("open") || (inPublicExtension && !explicitAccess) {
                    let finding = Finding(line: index + 1, text: line)
                    all.append(finding)
                    if !documented { undocumented.append(finding) }
                }
                if modifiers.contains("public") && keyword == "extension" {
                    publicExtensionDepths.append(depth + 1)
                }
            }
            documented = false
            let (opened, closed, togglesString) = braces(in: line)
            depth += opened - closed
            while let last = publicExtensionDepths.last, last > depth { publicExtensionDepths.removeLast() }
            inMultilineString = togglesString
        }
        return (all, undocumented)
    }

    static let accessModifiers: Set<String> = ["public", "open", "package", "internal", "fileprivate", "private"]
    static let otherModifiers: Set<String> = [
        "static", "class", "final", "override", "mutating", "nonmutating", "convenience", "required", "lazy",
        "weak", "unowned", "indirect", "nonisolated", "dynamic", "optional", "prefix", "postfix", "infix",
        "consuming", "borrowing", "distributed",
    ]
    static let keywords: Set<String> = [
        "func", "var", "let", "struct", "class", "enum", "protocol", "extension", "init", "subscript",
        "typealias", "case", "actor", "associatedtype", "deinit", "operator", "precedencegroup", "macro",
    ]

    /// The line without its leading attributes (`@name`, `@name(…)` with nested parentheses), or nil
    /// when an attribute's parentheses do not close on this line.
    static func skipAttributes(_ line: String) -> Substring? {
        var rest = Substring(line)
        while rest.hasPrefix("@") {
            rest = rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }
            if rest.hasPrefix("(") {
                var open = 0
                guard let end = rest.firstIndex(where: { c in
                    if c == "(" { open += 1 } else if c == ")" { open -= 1 }
                    return open == 0
                }) else { return nil }
                rest = rest[rest.index(after: end)...]
            }
            rest = rest.drop { $0 == " " }
        }
        return rest
    }

    /// The modifiers before the declaration keyword and the keyword, or nil when the line does not
    /// start a declaration. Words are separated by spaces: `private(set)` is one modifier.
    static func declaration(_ line: String) -> (modifiers: [String], keyword: String)? {
        guard let rest = skipAttributes(line) else { return nil }
        var modifiers: [String] = []
        let words = rest.split(separator: " ").map(String.init)
        for (i, word) in words.enumerated() {
            let name = String(word.prefix { $0.isLetter })
            let next = i + 1 < words.count ? String(words[i + 1].prefix { $0.isLetter }) : ""
            if keywords.contains(name) && !(name == "class" && (keywords.contains(next) || otherModifiers.contains(next))) {
                return (modifiers, name)
            }
            let setter = word.hasSuffix("(set)") ? String(word.dropLast(5)) : nil
            guard accessModifiers.contains(setter ?? word) || otherModifiers.contains(word) else { return nil }
            modifiers.append(word)
        }
        return nil
    }

    /// Braces opened and closed on a line outside string literals and `//` comments, and whether the
    /// line opens or closes a `"""` string (an odd number of them; braces after the first are not counted).
    static func braces(in line: String) -> (opened: Int, closed: Int, togglesMultilineString: Bool) {
        let quotes = line.components(separatedBy: "\"\"\"")
        var opened = 0, closed = 0, inString = false, escaped = false
        var previous: Character = " "
        for c in quotes[0] {
            defer { previous = c }
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
            } else if c == "/" && previous == "/" {
                break
            } else if c == "{" {
                opened += 1
            } else if c == "}" {
                closed += 1
            }
        }
        return (opened, closed, quotes.count % 2 == 0)
    }
}
