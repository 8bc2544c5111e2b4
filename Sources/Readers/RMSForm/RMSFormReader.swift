import FormIR
import DocumentTree

/// Reads RMSForm (RMSTableViews) form descriptors: an array of section dictionaries (`className`,
/// `bindVariable`, `enabled`, `properties`, `rows`), each row a cell dictionary (`className`,
/// `bindVariable`, `enabled`, `properties`). Sniffs XML or binary property lists and JSON.
///
/// `:name` substitutions are never evaluated: those the app supplies in place of a part of the form
/// (`choices`, `labelText`/`headerTitle`, `enabled`, other properties) are the field's or section's
/// `AppBinding`; `representedObject` and `keyPath` stay `Value.reference` in extensions. Shipped cell classes
/// map to IR kinds (see docs/rmsform.md); any other class becomes the kind `custom.<Class>` with a
/// `rmsform.custom-class` warning. Whatever has no IR concept is kept under `rmsform.*` extensions so
/// that writing back gives an equal descriptor.
///
/// Diagnostics: `rmsform.not-a-descriptor` (thrown), `rmsform.expected-dictionary`,
/// `rmsform.expected-array`, `rmsform.expected-string`, `rmsform.missing-class` (errors),
/// `rmsform.custom-class`, `rmsform.unknown-key` (warnings), `rmsform.duplicate-id` (note: a second cell binding the same key path).
public struct RMSFormReader: FormReader {
    /// A reader of RMSForm (XML or JSON); it takes no options.
    public init() {}

    /// Reads RMSForm (XML or JSON) into a `Form`: problems are diagnostics; throws `ReadFailure` only when
    /// nothing can be read.
    public func read(_ input: InputDocument, diagnostics: inout Diagnostics) throws -> Form {
        let root: Node
        if Self.looksLikeJSON(input.bytes) {
            root = try JSONReader.parse(input.bytes, name: input.name, diagnostics: &diagnostics)
        } else {
            root = try PlistReader.parse(input.bytes, name: input.name, diagnostics: &diagnostics)
        }
        guard let sections = root.arrayValue else {
            throw ReadFailure(id: "rmsform.not-a-descriptor",
                              "an RMSForm descriptor is an array of section dictionaries, found \(root.typeName)",
                              at: root.location ?? SourceLocation(file: input.name, line: 1, column: 1))
        }
        var context = RMSReadContext(diagnostics: diagnostics)
        var page = Page(isImplicit: true, location: root.location)
        for (i, s) in sections.enumerated() {
            if let section = context.readSection(s, index: i) { page.sections.append(section) }
        }
        diagnostics = context.diagnostics
        // rmsform-form-descriptor.md has no hidden rows and says nothing of hidden values or of
        // validating them: `hiddenFields` stays nil (the source does not say).
        return Form(pages: [page], location: root.location)
    }

    /// JSON starts with `[` or `{` after white space (and an optional byte order mark); plists with
    /// `<` or `bplist`.
    public static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        var i = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i < bytes.count && (bytes[i] == UInt8(ascii: "[") || bytes[i] == UInt8(ascii: "{"))
    }
}

/// State of one read: diagnostics and the field ids given so far.
struct RMSReadContext {
    var diagnostics: Diagnostics
    var ids: Set<String> = []
    var generated = 0

    static let sectionKeys: Set<String> = ["className", "bindVariable", "enabled", "properties", "rows"]
    static let cellKeys: Set<String> = ["className", "bindVariable", "enabled", "properties"]

    mutating func readSection(_ node: Node, index: Int) -> Section? {
        guard let entries = node.mappingEntries else {
            diagnostics.error("rmsform.expected-dictionary", "section \(index + 1) is \(node.typeName), not a dictionary",
                              at: node.location)
            return nil
        }
        var section = Section(location: node.location)
        var binding = AppBinding()
        readCommon(node, entries: entries, allowed: Self.sectionKeys, into: &section.extensions,
                   hidden: &section.isHidden, binding: &binding, what: "section \(index + 1)")
        if let name = node["className"]?.stringValue {
            diagnostics.warning("rmsform.custom-class", "section class \(name) is not RMSFormSection; kept by name",
                                at: node.location)
            binding.cellClass = name
            section.extensions["rmsform.className"] = nil
        }
        var properties = properties(of: node, extensions: &section.extensions)
        if let t = properties["headerTitle"]?.stringValue, !t.hasPrefix(":") {
            section.title = LocalizedText(t)
            properties["headerTitle"] = nil
        }
        if let t = properties["footerTitle"]?.stringValue, !t.hasPrefix(":") {
            section.footer = LocalizedText(t)
            properties["footerTitle"] = nil
        }
        Self.takeSubstitutions(&properties, label: "headerTitle", into: &binding)
        section.appBinding = binding
        if !properties.isEmpty { section.extensions["rmsform.properties"] = .object(properties.mapValues(Self.value)) }
        let path = "/pages/0/sections/\(index)"
        if let rows = node["rows"] {
            if let cells = rows.arrayValue {
                for (r, cell) in cells.enumerated() {
                    if let f = readCell(cell, path: path, row: r) { section.fields.append(f) }
                }
            } else {
                diagnostics.error("rmsform.expected-array", "rows of section \(index + 1) is \(rows.typeName), not an array",
                                  at: rows.location)
            }
        } else {
            section.extensions["rmsform.rows"] = .bool(false)
        }
        return section
    }

    /// `className`, `bindVariable`, `enabled` and unknown keys, shared by sections and cells.
    mutating func readCommon(_ node: Node, entries: [(key: String, keyLocation: SourceLocation?, value: Node)],
                             allowed: Set<String>, into ext: inout Extensions, hidden: inout Bool,
                             binding: inout AppBinding, what: String) {
        var extra: [String: Value] = [:]
        for e in entries where !allowed.contains(e.key) {
            diagnostics.warning("rmsform.unknown-key", "\(what) has a key '\(e.key)' RMSForm does not read; kept",
                                at: e.keyLocation ?? e.value.location)
            extra[e.key] = Self.value(e.value)
        }
        if !extra.isEmpty { ext["rmsform.keys"] = .object(extra) }
        if let c = node["className"] {
            if c.stringValue == nil {
                diagnostics.error("rmsform.expected-string", "className of \(what) is \(c.typeName), not a string",
                                  at: c.location)
            }
            ext["rmsform.className"] = Self.value(c)
        }
        if let b = node["bindVariable"] { ext["rmsform.bindVariable"] = Self.value(b) }
        if let e = node["enabled"] {
            if let s = e.stringValue, AppBinding.isSubstitution(s) {
                binding.enabled = s
            } else if let b = Self.truth(e) {
                hidden = !b
                if e.boolValue == nil || b { ext["rmsform.spelling.enabled"] = Self.value(e) }
            } else {
                ext["rmsform.enabled"] = Self.value(e)
            }
        }
    }

    /// The `properties` dictionary as (key → node) pairs; records an empty or odd one.
    mutating func properties(of node: Node, extensions: inout Extensions) -> [String: Node] {
        guard let p = node["properties"] else { return [:] }
        guard let entries = p.mappingEntries else {
            diagnostics.error("rmsform.expected-dictionary", "properties is \(p.typeName), not a dictionary", at: p.location)
            extensions["rmsform.propertiesValue"] = Self.value(p)
            return [:]
        }
        if entries.isEmpty { extensions["rmsform.emptyProperties"] = .bool(true) }
        var out: [String: Node] = [:]
        for e in entries where out[e.key] == nil { out[e.key] = e.value }
        return out
    }

    /// Moves the `:name` substitutions among `properties` to `binding`: `label` (the key of the label:
    /// `labelText`, `headerTitle`) and `choices` to their parts, any other but `representedObject` and
    /// `keyPath` (which say where the value is kept, not what is shown) to `binding.properties`.
    static func takeSubstitutions(_ properties: inout [String: Node], label: String, into binding: inout AppBinding) {
        for key in properties.keys.sorted() {
            guard key != "representedObject", key != "keyPath",
                  let s = properties[key]?.stringValue, AppBinding.isSubstitution(s) else { continue }
            switch key {
            case label: binding.label = s
            case "choices": binding.options = s
            default: binding.properties[key] = s
            }
            properties[key] = nil
        }
    }

    /// Lifts the substitutions an IR version 1 document keeps in `rmsform.*` extensions (written before
    /// `AppBinding` existed) into the sections' and fields' `appBinding`, as the reader now reads them.
    static func liftSubstitutions(in form: inout Form) {
        func lift(_ ext: inout Extensions, _ binding: inout AppBinding, label: String, section: Bool) {
            if case .reference(let s)? = ext["rmsform.enabled"] { binding.enabled = s; ext["rmsform.enabled"] = nil }
            if section, case .string(let c)? = ext["rmsform.className"] { binding.cellClass = c; ext["rmsform.className"] = nil }
            guard var props = ext["rmsform.properties"]?.objectValue else { return }
            for (key, value) in props where key != "representedObject" && key != "keyPath" {
                guard case .reference(let s) = value else { continue }
                switch key {
                case label: binding.label = s
                case "choices": binding.options = s
                default: binding.properties[key] = s
                }
                props[key] = nil
            }
            ext["rmsform.properties"] = props.isEmpty ? nil : .object(props)
        }
        for pi in form.pages.indices {
            for si in form.pages[pi].sections.indices {
                var section = form.pages[pi].sections[si]
                var b = section.appBinding
                lift(&section.extensions, &b, label: "headerTitle", section: true)
                section.appBinding = b
                for fi in section.fields.indices {
                    var fb = section.fields[fi].appBinding
                    lift(&section.fields[fi].extensions, &fb, label: "labelText", section: false)
                    section.fields[fi].appBinding = fb
                }
                form.pages[pi].sections[si] = section
            }
        }
    }

    /// A node as an IR value, `:name` strings as references.
    static func value(_ node: Node) -> Value {
        switch node.kind {
        case .string(let s) where s.hasPrefix(":"): return .reference(s)
        case .array(let a): return .array(a.map(value))
        case .mapping(let m):
            var o: [String: Value] = [:]
            for e in m where o[e.key] == nil { o[e.key] = value(e.value) }
            return .object(o)
        default: return node.toValue()
        }
    }

    /// A boolean written as a boolean, a number or a string (`"1"`, `"YES"`, `"true"`, …).
    static func truth(_ node: Node) -> Bool? {
        switch node.kind {
        case .bool(let b): return b
        case .int(let i): return i != 0
        case .string(let s):
            switch s.lowercased() {
            case "1", "yes", "true", "y": return true
            case "0", "no", "false", "n": return false
            default: return nil
            }
        default: return nil
        }
    }
}
