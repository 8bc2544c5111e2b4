import Foundation
import FormIR
import DocumentTree

/// One element of an MM XML document, with the positions diagnostics need: the `<` of its start tag,
/// each attribute's name, and where its character content begins in the file.
struct MMElement {
    /// One attribute, in source order.
    struct Attribute {
        var name: String
        var value: String
        var location: SourceLocation
    }

    var name: String
    var attributes: [Attribute]
    var children: [MMElement]
    /// The element's own character data (text and CDATA), not trimmed, entity references decoded.
    var rawText: String
    var location: SourceLocation
    /// Index of the element in document order.
    var index: Int
    /// Where the element's content starts in the source (for positions inside its text).
    var content: XMLContentAnchor

    /// The character data without surrounding whitespace.
    var text: String { rawText.trimmedWhitespace }

    func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }
    func value(_ name: String) -> String? { attribute(name)?.value }

    /// Direct children named `name` (exact spelling).
    func children(named name: String) -> [MMElement] { children.filter { $0.name == name } }
}
