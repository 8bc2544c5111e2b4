import FormIR

/// Refuses documents whose internal DTD subset declares entities that expand to huge text (the
/// "billion laughs" and quadratic blow-up attacks) before any parser expands them. External entities
/// are never loaded (`XMLParser.shouldResolveExternalEntities` is off); declaring one is reported.
enum EntityGuard {
    /// Most scalars the document's entity references may expand to, all together.
    static let expansionLimit = 1_000_000

    static func check(_ map: SourceMap, file: String, diagnostics: inout Diagnostics) throws {
        guard !map.entities.isEmpty else { return }
        var declared: [String: SourceMap.EntityDeclaration] = [:]
        for e in map.entities where declared[e.name] == nil { declared[e.name] = e }
        var sizes: [String: Int] = [:]

        func size(_ name: String, _ stack: [String]) throws -> Int {
            if let s = sizes[name] { return s }
            guard let decl = declared[name], let value = decl.value else { return 0 }
            if stack.contains(name) {
                throw ReadFailure(id: "mmxml.entity-expansion", "entity '\(name)' refers to itself",
                                  at: SourceLocation(file: file, line: decl.line, column: decl.column))
            }
            var total = 0
            for ref in references(in: value) {
                total += declared[ref] == nil ? ref.count + 2 : try size(ref, stack + [name])
                if total > expansionLimit { break }
            }
            total += value.unicodeScalars.count
            sizes[name] = min(total, expansionLimit + 1)
            return sizes[name]!
        }

        var total = 0
        for e in map.entities {
            let s = try size(e.name, [])
            if s > expansionLimit {
                throw ReadFailure(id: "mmxml.entity-expansion",
                                  "entity '\(e.name)' expands to more than \(expansionLimit) characters; refusing to expand it",
                                  at: SourceLocation(file: file, line: e.line, column: e.column))
            }
            if e.value == nil {
                diagnostics.error("mmxml.external-entity",
                                  "external entity '\(e.name)' is never loaded (it could read local files or the network); its references read as empty text",
                                    at: SourceLocation(file: file, line: e.line, column: e.column))
            }
        }
        let text = String(String.UnicodeScalarView(map.scalars))
        for (name, s) in sizes where s > 0 {
            let count = text.components(separatedBy: "&\(name);").count - 1
            total += count * s
            if total > expansionLimit {
                let d = declared[name]!
                throw ReadFailure(id: "mmxml.entity-expansion",
                                  "references to entity '\(name)' expand to more than \(expansionLimit) characters; refusing to expand them",
                                  at: SourceLocation(file: file, line: d.line, column: d.column))
            }
        }
    }

    /// Names of the `&name;` references in an entity's replacement text.
    static func references(in value: String) -> [String] {
        var out: [String] = []
        var rest = Substring(value)
        while let amp = rest.firstIndex(of: "&") {
            let after = rest[rest.index(after: amp)...]
            guard let semi = after.firstIndex(of: ";") else { break }
            let name = String(after[..<semi])
            if !name.hasPrefix("#") { out.append(name) }
            rest = after[after.index(after: semi)...]
        }
        return out
    }
}
