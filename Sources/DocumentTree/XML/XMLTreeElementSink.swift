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

    private func name(_ local: UnsafePointer<UInt8>, _ prefix: UnsafePointer<UInt8>?) -> String {
        if let prefix { return String(cString: prefix) + ":" + String(cString: local) }
        let key = UnsafeRawPointer(local)
        if let known = names[key] { return known }
        let s = String(cString: local)
        names[key] = s
        return s
    }

    func startElement(_ tag: XMLStartTag) {
        var list: [XMLTreeElement.Attribute] = []
        list.reserveCapacity(tag.attributes.count)
        for a in tag.attributes {
            list.append(.init(name: a.name, value: String(decoding: a.value, as: UTF8.self), line: a.line, column: a.column))
        }
        stack.append(Frame(element: XMLTreeElement(name: name(tag.localName, tag.prefix), attributes: list, children: [],
                                                   text: "", hasCDATA: false, line: tag.line, column: tag.column,
                                                   content: tag.content)))
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
