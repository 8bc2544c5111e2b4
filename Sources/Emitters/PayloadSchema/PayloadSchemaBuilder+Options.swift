import Foundation
import DocumentTree
import FormIR
import Lowering

extension PayloadSchemaBuilder {
    /// Most values a generated option range is written out for; wider ranges keep only their bounds.
    static let maxRangeValues = 10_000

    /// `options` as `enum` (no labels) or `oneOf` of `{const, title}`, with the `type` the values share.
    /// A range (`10-15`) becomes the texts `"10"`…`"15"` (the legacy app submits the picked text).
    mutating func writeOptions(_ options: [Option], range: OptionRange?, shape: ValueShape, allowEmpty: Bool,
                               into o: inout SchemaObject, field: Field, path: String) {
        var list = options
        if list.isEmpty, let r = range {
            let lo = min(r.lower, r.upper), hi = max(r.lower, r.upper)
            let (width, overflow) = hi.subtractingReportingOverflow(lo)
            if !overflow, width < Self.maxRangeValues {
                list = (lo...hi).map { Option(value: .string(String($0))) }
                if r.order == "descending" { list.reverse() }
            } else {
                o.set("type", .string("string"))
                o.set("pattern", .string(allowEmpty ? "^(?:-?[0-9]+)?$" : "^-?[0-9]+$"))
                o.set("x-formconv-range", .object([("minimum", .int(lo)), ("maximum", .int(hi))]))
                diagnostics.loss(Feature.optionRange.rawValue, target: target,
                                 "json-schema writes the option range \(lo)-\(hi) of '\(field.id)' as digits only: it has more than \(Self.maxRangeValues) values",
                                 at: field.location, path: path)
                return
            }
        }
        let schema = optionsSchema(list, shape: range != nil && options.isEmpty ? .string : shape, allowEmpty: allowEmpty)
        for (k, v) in schema.entries { o.set(k, v) }
    }

    /// The schema of a key while `options` are shown (a conditional option set).
    func conditionalOptions(_ options: [Option], shape: ValueShape, allowEmpty: Bool) -> SchemaObject {
        let set = optionsSchema(options, shape: shape == .array ? ValueShape.ofOptions(options) : shape,
                                allowEmpty: allowEmpty && shape != .array)
        guard shape == .array else { return set }
        var o = SchemaObject()
        o.set("items", set.node)
        return o
    }

    /// `allowEmpty`: the empty text (no option chosen) is accepted too, for text values.
    func optionsSchema(_ options: [Option], shape: ValueShape, allowEmpty: Bool) -> SchemaObject {
        var o = SchemaObject()
        var seen: [Value] = []
        var items: [(Node, Option)] = []
        for opt in options where !seen.contains(opt.value) {
            seen.append(opt.value)
            if let n = Node.json(opt.value) { items.append((n, opt)) }
        }
        if allowEmpty, shape == .string, !seen.contains(.string("")) { items.append((.string(""), Option(value: .string("")))) }
        if let t = shape.typeName { o.set("type", .string(t)) }
        let labeled = items.contains { $0.1.label != nil && $0.1.label?.defaultText != $0.1.value.displayText }
        if labeled {
            o.set("oneOf", .array(items.map { node, opt in
                var c = SchemaObject()
                c.set("const", node)
                if let label = opt.label {
                    setTexts(label, suffix: nil, titleKey: "title", localesKey: "x-formconv-titles", in: &c)
                }
                return c.node
            }))
        } else {
            o.set("enum", .array(items.map(\.0)))
        }
        return o
    }

    /// `default` from the field's default value, in the type the key submits; a loss when it has none.
    mutating func writeDefault(_ field: Field, key: SubmittedKey, shape: ValueShape, into o: inout SchemaObject,
                               path: String) {
        guard let value = field.defaultValue, key.component == nil else { return }
        let node: Node?
        switch (key.valueType, value) {
        case (.isoDate, _) where DateDefault(value) == .opening: node = nil  // the day the form opens: no constant
        case (.isoDate, .date(let s)): node = .string(s)
        case (.unixTime, .int(let i)): node = .int(i)
        case (.isoDate, _), (.unixTime, _), (.formattedDate, _), (.dateComponent, _): node = nil
        default: node = Self.defaultNode(shape: shape, value: value)
        }
        if let node {
            o.set("default", node)
        } else {
            diagnostics.loss(Feature.defaultValue.rawValue, target: target,
                             "json-schema cannot express the default value \(value.displayText) of '\(field.id)' \(DateDefault(value) == .opening ? "(the date the form is opened): a schema default is a constant" : "as the value it submits")",
                             at: field.location, path: path)
        }
    }

    static func defaultNode(shape: ValueShape, value: Value) -> Node? {
        switch (shape, value) {
        case (.string, .string(let s)): .string(s)
        case (.string, .int), (.string, .double): .string(value.displayText)
        case (.integer, .string(let s)): Int(s.trimmingCharacters(in: .whitespaces)).map(Node.int)
        case (.number, .string(let s)): Double(s.trimmingCharacters(in: .whitespaces)).map(Node.number)
        case (.integer, _): value.intValue.map(Node.int)
        case (.number, _): value.doubleValue.map(Node.number)
        case (.boolean, .bool(let b)): .bool(b)
        case (.zeroOne, .bool(let b)): .int(b ? 1 : 0)
        case (.zeroOne, _) where value.intValue == 0 || value.intValue == 1: .int(value.intValue!)
        case (.bitmask, .string(let s)): Int(s).map(Node.int) ?? .string(s)
        case (.bitmask, _): value.intValue.map(Node.int)
        case (.array, .array): Node.json(value)
        case (.any, _): Node.json(value)
        default: nil
        }
    }
}
