import DocumentTree
import FormIR

/// Builds the positioned `MMElement` tree from the shared libxml2 reader (`XMLTreeReader`): the
/// parser checks well-formedness, decodes content and bounds entities and depth; positions are exact.
enum ElementTreeBuilder {
    /// Deepest element nesting read (MM forms need about six levels); deeper documents are refused
    /// (`mmxml.too-deep`) rather than risking the stack in the recursive walks over the tree.
    static let maxDepth = 256

    /// Parses `bytes`; throws `mmxml.malformed` (`mmxml.entity-expansion`, `mmxml.too-deep`) at the
    /// exact line and column of the first problem.
    static func parse(bytes: [UInt8], file: String) throws -> XMLTree {
        try XMLTreeReader.parse(bytes, file: file, ids: XMLParseFailureIDs(namespace: "mmxml"),
                                limits: XMLParseLimits(maxDepth: maxDepth))
    }

    /// The `MMElement` tree of `tree`, elements numbered in document order.
    static func build(_ tree: XMLTree, file: String) -> MMElement {
        var counter = 0
        return element(tree.root, file: file, counter: &counter)
    }

    private static func element(_ e: XMLTreeElement, file: String, counter: inout Int) -> MMElement {
        let index = counter
        counter += 1
        let location = SourceLocation(file: file, line: e.line, column: e.column)
        var attributes: [MMElement.Attribute] = []
        attributes.reserveCapacity(e.attributes.count)
        for a in e.attributes where !attributes.contains(where: { $0.name == a.name }) {
            attributes.append(.init(name: a.name, value: a.value, location: SourceLocation(file: file, line: a.line, column: a.column)))
        }
        var children: [MMElement] = []
        children.reserveCapacity(e.children.count)
        for child in e.children { children.append(element(child, file: file, counter: &counter)) }
        return MMElement(name: e.name, attributes: attributes, children: children, rawText: e.text,
                         location: location, index: index, content: e.content)
    }
}
