import CLibXML2
import FormIR

/// Attribute declarations of the internal subset, bounded like written attributes: libxml2 adds an
/// element's declared defaults to each of its start tags and compares them with every other
/// attribute of the tag, so the declarations of one element count against `XMLParseLimits.maxAttributes`.
extension XMLTreeBuilder {
    /// Counts one `<!ATTLIST>` attribute of `element`; fails when the element has more than the bound.
    func declareAttribute(of element: UnsafePointer<xmlChar>) {
        guard failure == nil else { return }
        let name = String(cString: element)
        let count = declaredAttributes[name, default: 0] + 1
        declaredAttributes[name] = count
        guard count > limits.maxAttributes else { return }
        fail(ReadFailure(id: ids.tooManyAttributes,
                         "element <\(name.excerpt())> is declared (<!ATTLIST>) with more than \(limits.maxAttributes) attributes, the limit on one element",
                         at: location(documentPosition())))
    }

    /// Where the parser stands in the document itself: inside a parameter entity's text, the
    /// reference that brought it in.
    private func documentPosition() -> (line: Int, column: Int) {
        guard let ctxt = context, ctxt.pointee.inputNr >= 1, let first = ctxt.pointee.inputTab?[0],
              let cur = first.pointee.cur, let base = first.pointee.base else { return (1, 1) }
        return XMLPositionCursor.locate(min(Int(first.pointee.consumed) + (cur - base), source.count), in: source)
    }
}
