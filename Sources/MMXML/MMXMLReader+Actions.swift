import FormIR

/// `<action>` and `<actionArg>`: `itemShouldNotify:`, `linksTo::field`, `SumItems:` with
/// `MAXMIN::max,min::a,b` or `EQ::sum::a,b[::YES]`, and any app-specific function by name.
extension ReadSession {
    func readActions(_ elements: [MMElement], item: ItemContext) -> [Action] {
        // Pair each actionArg with the nearest action before it (or the first one after it).
        var pairs: [(action: MMElement, arg: MMElement?)] = []
        var orphanArg: MMElement?
        for e in elements {
            if lowercasedNames[Int(e.nameID)] == "action" {
                pairs.append((e, orphanArg))
                orphanArg = nil
            } else if let last = pairs.indices.last, pairs[last].arg == nil {
                pairs[last].arg = e
            } else {
                orphanArg = e
            }
        }
        if let orphanArg {
            warning("mmxml.unknown-tag", "<actionArg> of \(item.owner) belongs to no <action>; ignored",
                    at: orphanArg.location, path: item.path)
        }
        return pairs.map { action(name: $0.action.text, arg: $0.arg, at: $0.action, item: item) }
    }

    private func action(name: String, arg argElement: MMElement?, at e: MMElement, item: ItemContext) -> Action {
        let arg = argElement?.text
        if name == "itemShouldNotify:" || name == "itemShouldNotify", arg == nil { return .notify }
        if name.hasPrefix("linksTo::"), arg == nil {
            let target = String(name.dropFirst("linksTo::".count)).trimmedSpaces
            pendingReferences.append(.init(name: target, element: e, path: item.path, what: "linksTo action of \(item.owner)"))
            return .linksTo(field: target)
        }
        if name == "SumItems:" || name == "SumItems" {
            if let arg, let sum = Self.sumItems(arg) {
                for f in sum.fields {
                    pendingReferences.append(.init(name: f, element: argElement!, path: item.path, what: "SumItems action of \(item.owner)"))
                }
                return .sumItems(mode: sum.mode, bounds: sum.bounds, fields: sum.fields, autofill: sum.autofill)
            }
            warning("mmxml.bad-action-arg",
                    "SumItems of \(item.owner) needs an actionArg like MAXMIN::100,50::a,b or EQ::100::a,b::YES; kept as written",
                    at: argElement?.location ?? e.location, path: item.path)
        }
        return .client(name: name, argument: arg)
    }

    /// `MAXMIN::100,50::a,b`, `EQ::100::a,b::YES`.
    static func sumItems(_ arg: String) -> (mode: String, bounds: [Double], fields: [String], autofill: Bool?)? {
        let parts = arg.components(separatedBy: "::").map { $0.trimmedSpaces }
        guard parts.count == 3 || parts.count == 4 else { return nil }
        let mode = parts[0]
        let bounds = parts[1].split(separator: ",").compactMap { double(String($0)) }
        let fields = parts[2].split(separator: ",").map { $0.trimmedSpaces }.filter { !$0.isEmpty }
        guard (mode == "MAXMIN" && bounds.count == 2) || (mode == "EQ" && bounds.count == 1),
              bounds.count == parts[1].split(separator: ",").count, !fields.isEmpty else { return nil }
        var autofill: Bool?
        if parts.count == 4 {
            guard let b = bool(parts[3]) else { return nil }
            autofill = b
        }
        return (mode, bounds, fields, autofill)
    }
}
