import FormIR

/// The effects inside `<if>` / `<else>`: show, hide, evaluate, copy, submit, skip, force, editable,
/// text, check, uncheck, option lists, and any other tag as a property change.
extension ReadSession {
    /// Appends the effects of `block` to `out` in place (an array made per block and appended was
    /// copied element by element); only those it appends are joined with the next.
    func effects(_ block: MMElement, target: RuleTarget, path: String, into out: inout [Effect]) {
        let start = out.count
        let isContainer: Bool = { if case .field = target { return false }; return true }()
        for e in block.children {
            let name = lowercasedNames[Int(e.nameID)]
            let effect: Effect?
            switch name {
            case "show": effect = .show
            case "hide": effect = .hide
            case "evaluate": effect = .evaluate(evaluation(e, path: path))
            case "copy": effect = .copy(copySources(e, path: path))
            case "submit": effect = .submission(.submit)
            case "skip": effect = .submission(.skip)
            case "force": effect = .submission(.force)
            case "check": effect = .setChecked(true)
            case "uncheck": effect = .setChecked(false)
            case "editable":
                if let b = Self.bool(e.text), e.attributes.isEmpty { effect = b ? .enable : .disable }
                else { effect = .setProperty(name: e.name, value: propertyValue(e)) }
            case "text":
                var entry = textEntry(e, path: path)
                // `<text> </text>` sets the text to a space (clearing what is shown), not to nothing.
                if entry.text.isEmpty, e.attribute(id: document.encodingAttributeID) == nil, !e.rawText.isEmpty {
                    entry.text = e.rawText
                }
                if out.count > start, case .setText(var t)? = out.last, !t.entries.contains(where: { $0.locale == entry.locale }) {
                    t.entries.append(entry)
                    out[out.count - 1] = .setText(t)
                    effect = nil
                } else {
                    effect = .setText(LocalizedText([entry]))
                }
            case "tag", "option", "image":
                // A run of options is one effect, its list taken out of `out` and appended to in place
                // (bound from `out.last`, the list was shared and copied whole for each option).
                var options: [Option] = []
                if out.count > start, case .setOptions? = out.last { options = Self.options(of: out.removeLast()) }
                addOption(e, to: &options, path: path, isImage: name == "image")
                effect = .setOptions(options)
            default: effect = .setProperty(name: e.name, value: propertyValue(e))
            }
            guard let effect else { continue }
            if isContainer, effect != .show, effect != .hide {
                warning("mmxml.effect-not-allowed", "a \(target) relationship may only show or hide; <\(e.name)> kept",
                        at: e.location, path: path)
            }
            out.append(effect)
        }
    }

    /// The options a `setOptions` effect sets (none for another effect).
    private static func options(of effect: Effect) -> [Option] {
        if case .setOptions(let options) = effect { return options }
        return []
    }

    /// A property change's value: the text, or the whole element when it has attributes or children.
    private func propertyValue(_ e: MMElement) -> Value {
        e.attributes.isEmpty && e.children.isEmpty ? .string(e.text) : Self.preserved(e)
    }

    /// `<evaluate>`: `a.<c>b` concatenation (single space: no connector, double space: a space),
    /// `a+b`, `a-b`, or `+655565` seconds from now.
    private func evaluation(_ e: MMElement, path: String) -> Evaluation {
        let text = e.text
        guard let ev = Self.parseEvaluation(text) else {
            warning("mmxml.unknown-evaluation", "<evaluate>\(text)</evaluate> is none of concatenation, addition, subtraction or a date offset; kept verbatim",
                    at: textLocation(e), path: path)
            return .raw(text)
        }
        let operands: [String]
        switch ev {
        case .concatenate(let a, _, let b), .add(let a, let b), .subtract(let a, let b): operands = [a, b]
        default: operands = []
        }
        for name in operands { pendingReferences.append(.init(name: name, element: e, path: path, what: "<evaluate>")) }
        if Self.canonicalEvaluation(ev) != text { evaluateSpellings.append(text) }
        return ev
    }

    /// How the MM XML emitter spells `ev` when no spelling was kept (the inverse of `parseEvaluation`).
    public static func canonicalEvaluation(_ ev: Evaluation) -> String? {
        switch ev {
        case .concatenate(let a, let connector, let b):
            switch connector {
            case "": return "\(a). \(b)"
            case " ": return "\(a).  \(b)"
            default: return connector.count == 1 && !connector.first!.isWhitespace ? "\(a).\(connector) \(b)" : nil
            }
        case .add(let a, let b): return "\(a)+\(b)"
        case .subtract(let a, let b): return "\(a)-\(b)"
        case .dateOffset(let s): return s < 0 ? "\(s)" : "+\(s)"
        case .raw(let text): return text
        }
    }

    static func parseEvaluation(_ text: String) -> Evaluation? {
        func isName(_ s: String) -> Bool {
            !s.isEmpty && !s.contains { $0.isWhitespace || $0 == "+" || $0 == "." || $0 == "," }
        }
        if let first = text.first, first == "+" || first == "-", let n = Int(text.dropFirst()), text.count > 1 {
            return .dateOffset(first == "-" ? -n : n)
        }
        if let dot = text.firstIndex(of: ".") {
            let a = text[..<dot].trimmedSpaces
            let rest = text[text.index(after: dot)...]
            let connector: String
            let b: String
            if rest.hasPrefix("  ") { (connector, b) = (" ", rest.dropFirst(2).trimmedSpaces) }
            else if rest.hasPrefix(" ") { (connector, b) = ("", rest.dropFirst().trimmedSpaces) }
            else if let c = rest.first { (connector, b) = (String(c), rest.dropFirst().trimmedSpaces) }
            else { return nil }
            return isName(a) && isName(b) ? .concatenate(a, connector: connector, b) : nil
        }
        for (op, make) in [("+", Evaluation.add), ("-", Evaluation.subtract)] {
            let parts = text.components(separatedBy: op)
            if parts.count == 2 {
                let a = parts[0].trimmedSpaces, b = parts[1].trimmedSpaces
                if isName(a), isName(b) { return make(a, b) }
            }
        }
        return nil
    }

    /// `<copy>a,b</copy>` or `<copy>source::component1,component2</copy>`.
    private func copySources(_ e: MMElement, path: String) -> [CopySource] {
        let text = e.text
        let sources: [CopySource]
        if let r = text.range(of: "::") {
            let field = text[..<r.lowerBound].trimmedSpaces
            let components = text[r.upperBound...].split(separator: ",").map { $0.trimmedSpaces }
                .filter { !$0.isEmpty }
            sources = [CopySource(field: field, components: components)]
        } else {
            sources = text.split(separator: ",").map { CopySource(field: $0.trimmedSpaces) }
                .filter { !$0.field.isEmpty }
        }
        for s in sources { pendingReferences.append(.init(name: s.field, element: e, path: path, what: "<copy>")) }
        return sources
    }
}
