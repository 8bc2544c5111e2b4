/// The `XMLElementSink` that builds an `XMLTree`'s elements (the representation the ShinobiForms and
/// plist readers walk).
final class XMLTreeElementSink: XMLElementSink {
    private(set) var root: XMLTreeElement?

    private struct Frame {
        var element: XMLTreeElement
        var text: [UInt8] = []
    }
    private var stack: [Frame] = []
    /// Names by libxml2's interned name pointer: each distinct name becomes a `String` once.
    private var names: [UnsafeRawPointer: String] = [:]
    /// Positions of the tags' offsets, which come in increasing order.
    private var cursor: XMLPositionCursor?

    private func name(_ local: UnsafePointer<UInt8>, _ prefix: UnsafePointer<UInt8>?) -> String {
        if let prefix { return String(cString: prefix) + ":" + String(cString: local) }
        let key = UnsafeRawPointer(local)
        if let known = names[key] { return known }
        let s = String(cString: local)
        names[key] = s
        return s
    }

    func startElement(_ tag: XMLStartTag) {
        if cursor == nil { cursor = XMLPositionCursor(for: tag.source) }
        let at = cursor!.move(to: tag.offset, in: tag.source)
        var list: [XMLTreeElement.Attribute] = []
        list.reserveCapacity(tag.attributes.count)
        for a in tag.attributes {
            // A defaulted attribute is at the element's `<`, behind the cursor.
            let p = a.written == nil ? at : cursor!.move(to: a.offset, in: tag.source)
            list.append(.init(name: a.name, value: String(decoding: a.value, as: UTF8.self), line: p.line, column: p.column))
        }
        let content = cursor!.move(to: tag.contentOffset, in: tag.source)
        stack.append(Frame(element: XMLTreeElement(name: name(tag.localName, tag.prefix), attributes: list, children: [],
                                                   text: "", hasCDATA: false, line: at.line, column: at.column,
                                                   content: XMLContentAnchor(offset: tag.contentOffset, line: content.line,
                                                                             column: content.column))))
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>, cdata: Bool) {
        guard !stack.isEmpty else { return }
        let top = stack.count - 1
        stack[top].text.append(contentsOf: bytes)
        if cdata { stack[top].element.hasCDATA = true }
    }

    func endElement() {
        guard var frame = stack.popLast() else { return }
        if !frame.text.isEmpty { frame.element.text = String(decoding: frame.text, as: UTF8.self) }
        if stack.isEmpty { root = frame.element } else { stack[stack.count - 1].element.children.append(frame.element) }
    }
}
