import Foundation
import FormIR
import DocumentTree

/// Renders the XLForm model as a document tree, keys in the order of docs/xlform.md. JSON has no date
/// or data values: dates become ISO 8601 text and data base64 text there (the reader turns them back).
struct XLFormNodeWriter {
    let syntax: DocumentSyntax

    typealias Entries = [(key: String, keyLocation: SourceLocation?, value: Node)]

    func node(_ m: XLFormModel) -> Node {
        var e: Entries = []
        add(&e, "title", m.title.map { Node(.string($0)) })
        if m.disabled { add(&e, "disabled", Node(.bool(true))) }
        for (name, v) in m.properties { add(&e, name, node(v)) }
        add(&e, "formSections", Node(.array(m.sections.map(node))))
        return Node(.mapping(e))
    }

    func node(_ s: XLFormSectionModel) -> Node {
        var e: Entries = []
        add(&e, "title", s.title.map { Node(.string($0)) })
        add(&e, "footerTitle", s.footerTitle.map { Node(.string($0)) })
        add(&e, "hidden", s.hidden.map(node))
        add(&e, "multivaluedTag", s.multivaluedTag.map { Node(.string($0)) })
        if s.sectionOptions != 0 { add(&e, "sectionOptions", Node(.int(s.sectionOptions))) }
        add(&e, "sectionInsertMode", s.sectionInsertMode.map { Node(.int($0)) })
        add(&e, "multivaluedRowTemplate", s.template.map(node))
        add(&e, "formRows", Node(.array(s.rows.map(node))))
        return Node(.mapping(e))
    }

    func node(_ r: XLFormRowModel) -> Node {
        var e: Entries = []
        add(&e, "tag", r.tag.map { Node(.string($0)) })
        add(&e, "rowType", Node(.string(r.rowType)))
        add(&e, "title", r.title.map { Node(.string($0)) })
        switch r.value {
        case .plain(.double(let d))? where syntax == .json && !d.isFinite:
            break  // JSON's null would read back as no value: none is written (XLFormEmitter reports it)
        case .plain(let v)?: add(&e, "value", node(v))
        case .option(let o)?: add(&e, "value", node(o))
        case .options(let os)?: add(&e, "value", Node(.array(os.map(node))))
        case nil: break
        }
        if r.required { add(&e, "required", Node(.bool(true))) }
        add(&e, "requireMsg", r.requireMsg.map { Node(.string($0)) })
        add(&e, "hidden", r.hidden.map(node))
        add(&e, "disabled", r.disabled.map(node))
        add(&e, "selectorTitle", r.selectorTitle.map { Node(.string($0)) })
        if !r.selectorOptions.isEmpty { add(&e, "selectorOptions", Node(.array(r.selectorOptions.map(node)))) }
        add(&e, "noValueDisplayText", r.noValueDisplayText.map { Node(.string($0)) })
        if !r.validators.isEmpty { add(&e, "validators", Node(.array(r.validators.map(node)))) }
        for (name, entries) in r.cellConfigs {
            add(&e, name, Node(.mapping(entries.map { (key: $0.keyPath, keyLocation: nil, value: node($0.value)) })))
        }
        add(&e, "height", r.height.map(node))
        add(&e, "action", r.action.map(node))
        add(&e, "cellClass", r.cellClass.map { Node(.string($0)) })
        add(&e, "cellStyle", r.cellStyle.map { Node(.int($0)) })
        add(&e, "valueTransformer", r.valueTransformer.map { Node(.string($0)) })
        return Node(.mapping(e))
    }

    func node(_ f: XLFormFlag) -> Node {
        switch f {
        case .bool(let b): Node(.bool(b))
        case .predicate(let p): Node(.string(p))
        }
    }

    func node(_ o: XLFormOptionModel) -> Node {
        guard let text = o.displayText else { return node(o.value) }
        return Node(.mapping([(key: "value", keyLocation: nil, value: node(o.value)),
                              (key: "displayText", keyLocation: nil, value: Node(.string(text)))]))
    }

    func node(_ v: XLFormValidatorModel) -> Node {
        switch v {
        case .email:
            return Node(.mapping([(key: "type", keyLocation: nil, value: Node(.string("email")))]))
        case .regex(let regex, let msg):
            var e: Entries = [(key: "type", keyLocation: nil, value: Node(.string("regex"))),
                              (key: "regex", keyLocation: nil, value: Node(.string(regex)))]
            add(&e, "msg", msg.map { Node(.string($0)) })
            return Node(.mapping(e))
        }
    }

    func node(_ a: XLFormActionModel) -> Node {
        var e: Entries = []
        add(&e, "viewControllerClass", a.viewControllerClass.map { Node(.string($0)) })
        add(&e, "viewControllerStoryboardId", a.viewControllerStoryboardId.map { Node(.string($0)) })
        add(&e, "viewControllerNibName", a.viewControllerNibName.map { Node(.string($0)) })
        add(&e, "viewControllerPresentationMode", a.viewControllerPresentationMode.map { Node(.int($0)) })
        add(&e, "formSegueIdentifier", a.formSegueIdentifier.map { Node(.string($0)) })
        add(&e, "formSelector", a.formSelector.map { Node(.string($0)) })
        return Node(.mapping(e))
    }

    /// A value with its type: plists keep dates and data, JSON writes them as text.
    func node(_ v: Value) -> Node {
        switch v {
        case .null: return Node(.null)
        case .bool(let b): return Node(.bool(b))
        case .int(let i): return Node(.int(i))
        case .double(let d): return Node(.double(d))
        case .string(let s), .reference(let s): return Node(.string(s))
        case .date(let s): return Node(syntax == .plist ? .date(s) : .string(s))
        case .data(let b64):
            if syntax == .plist, let d = Data(base64Encoded: b64) { return Node(.data(Array(d))) }
            return Node(.string(b64))
        case .array(let items): return Node(.array(items.map(node)))
        case .object(let o):
            return Node(.mapping(o.keys.sorted().map { (key: $0, keyLocation: nil, value: node(o[$0]!)) }))
        }
    }

    private func add(_ e: inout Entries, _ key: String, _ value: Node?) {
        if let value { e.append((key: key, keyLocation: nil, value: value)) }
    }
}
