import Foundation
import FormIR
import DocumentTree

/// One element of a ShinobiForms document: name, attributes, text and children, with the position of
/// its `<` (1-based line and column in Unicode scalars).
struct ShinobiXMLElement: Sendable {
    var name: String
    var attributes: [String: String]
    var text: String
    var children: [ShinobiXMLElement]
    var location: SourceLocation

    /// The first child named `name`.
    func child(_ name: String) -> ShinobiXMLElement? { children.first { $0.name == name } }
    /// The text with surrounding white space removed.
    var trimmedText: String { text.trimmedWhitespace }
}

/// Parses XML into `ShinobiXMLElement`s with the shared libxml2 reader (`XMLTreeReader`). External
/// entities are never resolved; a document declaring entities is refused.
enum ShinobiXMLTree {
    static func parse(_ bytes: [UInt8], name: String) throws -> ShinobiXMLElement {
        try refuseEntityDeclarations(bytes, name: name)
        let ids = XMLParseFailureIDs(malformed: "shinobi.malformed-xml", entityExpansion: "shinobi.entity",
                                     tooDeep: "shinobi.too-deep", tooManyAttributes: "shinobi.too-many-attributes")
        let tree = try XMLTreeReader.parse(bytes, file: name, ids: ids)
        return element(tree.root, file: name)
    }

    private static func element(_ e: XMLTreeElement, file: String) -> ShinobiXMLElement {
        var attributes: [String: String] = [:]
        for a in e.attributes where attributes[a.name] == nil { attributes[a.name] = a.value }
        return ShinobiXMLElement(name: e.name, attributes: attributes, text: e.text,
                                 children: e.children.map { element($0, file: file) },
                                 location: SourceLocation(file: file, line: e.line, column: e.column))
    }

    /// `<!ENTITY` anywhere (an internal DTD subset) is refused before parsing: no entity is ever expanded.
    private static func refuseEntityDeclarations(_ bytes: [UInt8], name: String) throws {
        let needle = Array("<!ENTITY".utf8)
        guard bytes.count >= needle.count else { return }
        var line = 1, column = 1
        for i in 0...(bytes.count - needle.count) {
            if bytes[i] == needle[0] && bytes[i + 1] == needle[1] && bytes[i..<i + needle.count].elementsEqual(needle) {
                throw ReadFailure(id: "shinobi.entity", "entity declarations are not accepted in ShinobiForms XML",
                                  at: SourceLocation(file: name, line: line, column: column))
            }
            if bytes[i] == 0x0A { line += 1; column = 1 } else if bytes[i] & 0xC0 != 0x80 { column += 1 }
        }
    }
}
