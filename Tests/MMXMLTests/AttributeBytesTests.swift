import Testing
import FormIR
import DocumentTree
@testable import MMXML

/// What the reader reads of an attribute off the element table's bytes, without making its value a
/// string first, is what the string rules give: the value trimmed of spaces (`trimmedSpaces`), and
/// whether trimming white space changes the value (an item name's, told by the trimmed range).
@Suite struct MMXMLAttributeBytesTests {
    static let values = ["", "a", " a", "a ", "\ta\t", " \t ", "FR_CA", " fr ", "a b", "\u{A0}x\u{A0}", "\u{2003}y\u{3000}",
                         "\u{85}z", "z\u{2028}", " \n x \r\n", "é ", " Libellé", "\u{200B}w\u{200B}", "x\u{301} ", "\u{1680}",
                         "&#9;t&#10;", "&#160;u"]

    static func attributes() throws -> [MMElement.Attribute] {
        let items = values.enumerated().map { #"<item n\#($0.offset)="\#($0.element)"/>"# }.joined()
        let (document, _) = try ElementTreeBuilder.parse(bytes: Array("<form>\(items)</form>".utf8), file: "t.xml")
        return document.root.children.flatMap { Array($0.attributes) }
    }

    @Test func trimmedSpacesValueIsTheTrimmedValue() throws {
        let attributes = try Self.attributes()
        #expect(attributes.count == Self.values.count)
        for a in attributes {
            #expect(a.trimmedSpacesValue.unicodeScalars.elementsEqual(a.value.trimmedSpaces.unicodeScalars), "\(a.value.debugDescription)")
        }
    }

    @Test func aTrimmedRangeShorterThanTheValueIsAChangedValue() throws {
        for a in try Self.attributes() {
            #expect(a.valueCount == a.value.utf8.count, "\(a.value.debugDescription)")
            #expect((a.trimmedValueRange.count != a.valueCount) == (a.trimmedValue != a.value), "\(a.value.debugDescription)")
        }
    }
}
