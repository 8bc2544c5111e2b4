import FormIR

/// What the reader repairs in forms the old engine ran although they break the language's own rules
/// (docs/mmxml.md, "Repairs"): a repeated name is renamed, and a relationship that names nothing is
/// kept as written. Each repair is a warning that says what was done, with both positions; `--strict`
/// and `formconv lint` (which gives the same ids as errors) refuse such forms.
extension ReadSession {
    /// Every page, group and item name the document writes, before any is read: a duplicate is renamed
    /// to a name no node of the document has (`name_2`, else `name_3`, …).
    static func writtenNames(_ root: MMElement) -> Set<String> {
        var out = Set<String>()
        func visit(_ e: MMElement, depth: Int) {
            for child in e.children {
                switch child.name {
                case "page", "group":
                    if let n = child.attribute("name")?.value { out.insert(n) }
                    if depth < 3 { visit(child, depth: depth + 1) }
                case "item":
                    if let n = child.attribute("name")?.trimmedValue { out.insert(n) }
                default: break
                }
            }
        }
        visit(root, depth: 0)
        return out
    }

    /// The first `name_N` (N from 2) that no node of the document is named and no repair has given.
    func freeName(for name: String) -> String {
        var n = 2
        while true {
            let candidate = "\(name)_\(n)"
            if !writtenNames.contains(candidate), declared(candidate) == nil { return candidate }
            n += 1
        }
    }

    /// Records a page, group or item name and returns the name the node gets: its own, or, when an
    /// earlier node of the same kind has it, `freeName(for:)`, reported with both positions; references
    /// to the name keep resolving to the first node. A name a node of another kind has is kept (the
    /// relationships name kinds apart) and reported.
    func declare(_ name: String, kind: NameKind, at location: SourceLocation, path: (String) -> String) -> String {
        // One lookup: the name's entry says both whether this kind has it and which other kind does.
        let position = Declared.Position(line: UInt32(truncatingIfNeeded: location.line),
                                         column: UInt32(truncatingIfNeeded: location.column))
        var firstPosition: Declared.Position?
        var otherKind: (kind: NameKind, position: Declared.Position)?
        Self.record(kind, at: position, in: &names[name, default: Declared()], first: &firstPosition, other: &otherKind)
        guard let first = firstPosition.map(self.location) else {
            if let (other, p) = otherKind {
                let at = self.location(p)
                warning("mmxml.duplicate-name",
                        "\(kind.rawValue) name '\(name)' is also the name of the \(other.rawValue) at \(at) (the language wants every name unique); kept, as relationships tell them apart (\(kind.rawValue)::\(name), \(other.rawValue)::\(name)) and conditions read the item",
                        at: location, path: path(name))
            }
            return name
        }
        let renamed = freeName(for: name)
        names[renamed, default: Declared()][kind] = position
        let submits = kind == .item ? " (it still submits as '\(name)')" : ""
        warning("mmxml.duplicate-name",
                "\(kind.rawValue) name '\(name)' is already used by the \(kind.rawValue) at \(first); this \(kind.rawValue) is renamed '\(renamed)'\(submits), and references to '\(name)' resolve to the \(kind.rawValue) at \(first)",
                at: location, path: path(renamed))
        return renamed
    }

    /// Records `location` as the `kind` of `declared` unless that kind is there already (`first` then says
    /// where); `other` is the first other kind (item, group, page) the name has.
    private static func record(_ kind: NameKind, at position: Declared.Position, in declared: inout Declared,
                               first: inout Declared.Position?, other: inout (kind: NameKind, position: Declared.Position)?) {
        if let at = declared[kind] { first = at; return }
        declared[kind] = position
        if kind != .item, let at = declared.item { other = (.item, at) }
        else if kind != .group, let at = declared.group { other = (.group, at) }
        else if kind != .page, let at = declared.page { other = (.page, at) }
    }

    /// Reports a relationship object, condition, copy, evaluate or action that names no node of the
    /// kind it needs. The reference is kept as written (MM XML and the IR carry it; other targets
    /// report it lost); the message names a group it means, or a near name (letter case, spelling).
    func reportUnresolved(_ name: String, wanted: NameKind, what: String, at location: SourceLocation, path: String,
                          id: String, outcome: String = "kept as written") {
        var message = "\(what) names '\(name)', which is not \(wanted == .item ? "an" : "a") \(wanted.rawValue) of this form"
        if let other = declared(name) {
            if wanted == .item, other.kind == .group {
                message += ": it is the group at \(other.location), and a group has no value, so in the IR this names a field '\(name)' that does not exist (its value is always empty)"
            } else {
                message += ": it is the \(other.kind.rawValue) at \(other.location)"
            }
        } else if let near = nearName(name, kind: wanted) {
            message += "; \(outcome) (did you mean '\(near.name)', the \(wanted.rawValue) at \(near.location)\(near.caseOnly ? ", which differs in letter case only" : "")?)"
            return warning(id, message, at: location, path: path)
        }
        warning(id, message + "; \(outcome)", at: location, path: path)
    }

    /// A declared name of `kind` that `name` misspells: one differing in letter case only first, else
    /// the closest by edit distance.
    private func nearName(_ name: String, kind: NameKind) -> (name: String, location: SourceLocation, caseOnly: Bool)? {
        let candidates = names.compactMap { $0.value[kind] != nil ? $0.key : nil }.sorted()
        if let c = Suggest.caseVariants(of: name, in: candidates).first, let at = declared(c, as: kind) {
            return (c, at, true)
        }
        if let c = Suggest.closest(to: name, in: candidates), let at = declared(c, as: kind) { return (c, at, false) }
        return nil
    }
}
