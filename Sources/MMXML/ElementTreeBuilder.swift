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

    /// The `MMElement` tree of `tree`, elements numbered in document order. The parsed elements are
    /// consumed as they are converted (`tree.root` is left empty): the two trees never both exist whole.
    static func build(_ tree: inout XMLTree, file: String) -> MMElement {
        var root = tree.root
        tree.root.children = []
        tree.root.attributes = []
        var counter = 0
        return element(&root, file: file, counter: &counter)
    }

    private static func element(_ e: inout XMLTreeElement, file: String, counter: inout Int) -> MMElement {
        let index = counter
        counter += 1
        let location = SourceLocation(file: file, line: e.line, column: e.column)
        var attributes: [MMElement.Attribute] = []
        attributes.reserveCapacity(e.attributes.count)
        for a in e.attributes where !attributes.contains(where: { $0.name == a.name }) {
            attributes.append(.init(name: a.name, value: a.value, location: SourceLocation(file: file, line: a.line, column: a.column)))
        }
        e.attributes = []
        var kids = e.children
        e.children = []
        var children: [MMElement] = []
        children.reserveCapacity(kids.count)
        for i in kids.indices {
            children.append(element(&kids[i], file: file, counter: &counter))
        }
        return MMElement(name: e.name, attributes: attributes, children: children, rawText: e.text,
                         location: location, index: index, content: e.content)
    }
}
