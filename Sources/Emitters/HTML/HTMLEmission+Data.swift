import DocumentTree
import Foundation
import FormIR
import Lowering

/// The data the page's script runs on, built once at emit time: every field's payload keys, initial
/// state and checks, the relationships with their effects, and the conditions and validation
/// predicates as JavaScript functions (`JSCondition`). What the runtime cannot do is reported here.
extension HTMLEmission {
    /// The whole data object.
    mutating func runtimeData() -> Node {
        let fields = plans.map { fieldNode($0) }
        let rules = form.rules.enumerated().map { ruleNode($1, index: $0) }
        var sections: [Node] = []
        for (pi, page) in form.pages.enumerated() {
            for s in page.sections { sections.append(.object([("id", .string(s.id ?? "")), ("page", .int(pi)), ("hidden", .bool(s.isHidden))])) }
        }
        return .object([
            ("locale", .string(texts.locale ?? "")),
            ("disabled", .bool(form.isDisabled)),
            ("pages", .array(form.pages.map { .object([("id", .string($0.id ?? "")), ("hidden", .bool($0.isHidden))]) })),
            ("sections", .array(sections)),
            ("fields", .array(fields)),
            ("rules", .array(rules)),
            ("requirements", requirementsNode()),
            ("texts", texts.node),
        ])
    }

    /// The function list as JavaScript: `[function (c) { … }, …]`.
    var functionsSource: String { "[\n" + functions.joined(separator: ",\n") + "\n]" }

    mutating func function(_ e: FormIR.Expression, what: String, at location: SourceLocation?, path: String,
                                   feature: String) -> Node {
        switch JSCondition.function(e) {
        case .success(let source):
            functions.append(source)
            return .int(functions.count - 1)
        case .failure(let f):
            diagnostics.loss(feature, target: target, "html cannot run the \(what): \(f.reason); it never holds in the preview",
                             at: location, path: path)
            return .null
        }
    }

    mutating func text(_ t: LocalizedText?) -> Node { t.map { .int(texts.number($0)) } ?? .null }

    mutating func optionNodes(_ options: [Option]) -> Node {
        .array(options.map { o in
            .object([("v", Node.json(o.value) ?? .string(o.value.displayText)),
                      ("t", o.label.map { .int(texts.number($0)) } ?? .null)])
        })
    }

    private mutating func fieldNode(_ p: HTMLFieldPlan) -> Node {
        let f = p.field
        var o = SchemaObject()
        o.set("id", .string(f.id))
        o.set("page", .int(p.pageIndex))
        o.set("section", .int(p.sectionIndex))
        o.set("control", .string(Self.controlName(p.control)))
        o.set("kind", .string(f.kind.rawValue))
        o.set("hidden", .bool(f.isHidden))
        o.set("disabled", .bool(f.isDisabled))
        o.set("skip", .bool(f.submission.skip))
        o.set("force", .bool(f.submission.force))
        o.set("required", .bool(f.validation.required))
        o.set("shape", .string(p.shape.typeName ?? "any"))
        o.set("keys", .array(p.keys.map(Self.keyNode)))
        o.set("named", .bool(p.submits))
        if let pc = f.submission.partClone { o.set("clone", .int(pc.count)) }
        o.set("options", optionNodes(p.options))
        o.set("label", text(messageName(f, path: p.path)))
        o.set("missing", text(f.texts.missingMessage))
        o.set("checks", checks(p))
        if [.date, .dateTime, .time].contains(f.kind), let d = f.defaultValue, let start = Self.defaultDate(d) {
            o.set("defaultDate", start)
        }
        return o.node
    }

    /// The name the preview's messages and payload panel give `f`: its label, else (said in the losses
    /// panel) its placeholder or its group's title, else nothing (the runtime then uses the id).
    private mutating func messageName(_ f: Field, path: String) -> LocalizedText? {
        guard let title = titles.title(of: f) else { return nil }
        FieldTitles.reportFallback(f, title, target: target, does: { "the preview shows none and its messages name it by its \($0) '\($1)'" },
                                   path: path, into: &diagnostics)
        return title.text
    }

    /// MM XML `<defaultDate>`: `today`, or a Unix timestamp (seconds); the page computes the date when it
    /// opens. Other defaults (ISO dates) are written into the input itself.
    static func defaultDate(_ v: Value) -> Node? {
        switch DateDefault(v) {
        case .opening?: return .string("today")
        case .unix(let n)?: return .int(n)
        case nil: return nil
        }
    }

    static func controlName(_ c: HTMLFieldPlan.Control) -> String {
        switch c {
        case .input(let type): "input-" + type
        case .textarea: "textarea"
        case .select: "select"
        case .radios: "radios"
        case .checkboxes: "checkboxes"
        case .checkbox: "checkbox"
        case .dateParts: "date-parts"
        case .address: "address"
        case .signature: "signature"
        case .photo: "photo"
        case .display: "display"
        }
    }

    private static func keyNode(_ k: SubmittedKey) -> Node {
        var o = SchemaObject()
        o.set("key", .string(k.key))
        o.set("part", k.component.map(Node.string) ?? .null)
        switch k.valueType {
        case .string: o.set("type", .string("string"))
        case .integer: o.set("type", .string("integer"))
        case .number: o.set("type", .string("number"))
        case .boolean: o.set("type", .string("boolean"))
        case .zeroOne: o.set("type", .string("zeroOne"))
        case .bitmask(_, let overrides):
            o.set("type", .string("bitmask"))
            o.set("overrides", .array(overrides.compactMap { ov in
                Int(ov.value.trimmingCharacters(in: .whitespaces)).map { .object([("value", .int($0)), ("text", .string(ov.text))]) }
            }))
        case .array: o.set("type", .string("array"))
        case .dateComponent: o.set("type", .string("dateComponent"))
        case .unixTime: o.set("type", .string("unixTime"))
        case .formattedDate(let pattern):
            o.set("type", .string("formattedDate"))
            o.set("format", .string(pattern.trimmingCharacters(in: .whitespaces)))
        case .isoDate: o.set("type", .string("isoDate"))
        }
        return o.node
    }
}
