import Testing
import Foundation
import FormIR
@testable import DocumentTree

/// The bound on attributes per element (`XMLParseLimits.maxAttributes`), counted before libxml2 reads
/// a start tag: what counts (written attributes, namespace declarations, values holding `>`), what does
/// not (comments, CDATA, processing instructions, the DTD), entity text and `<!ATTLIST>` declarations.
/// Bounds are small here; the CLI suite `AttributeBoundTests` runs the real one.
@Suite struct XMLAttributeBoundScanTests {
    let ids = XMLParseFailureIDs(namespace: "t")

    func read(_ text: String, bound: Int) throws -> XMLTree {
        try XMLTreeReader.parse(Array(text.utf8), file: "t.xml", ids: ids, limits: XMLParseLimits(maxAttributes: bound))
    }

    /// `id line:column message`, or nil when the document reads.
    func failure(_ text: String, bound: Int) -> String? {
        do { _ = try read(text, bound: bound); return nil } catch let f as ReadFailure {
            let d = f.diagnostic
            return "\(d.id) \(d.location?.line ?? 0):\(d.location?.column ?? 0) \(d.message)"
        } catch { return "\(error)" }
    }

    static func attributes(_ n: Int, value: String = "1") -> String {
        (0..<n).map { "a\($0)=\"\(value)\"" }.joined(separator: " ")
    }

    @Test func atTheBoundTheElementReadsAndOverItTheDocumentIsRefused() throws {
        let at = try read("<r>\n  <e \(Self.attributes(3))/></r>", bound: 3)
        #expect(at.root.children[0].attributes.map(\.name) == ["a0", "a1", "a2"])
        #expect(failure("<r>\n  <e \(Self.attributes(4))/></r>", bound: 3)
                == "t.too-many-attributes 2:3 element <e> has more than 3 attributes, the limit on one element")
        // Single quotes, line breaks inside the tag, a root over the bound.
        #expect(failure("<r a='1'\n b='2'\n\tc='3' d='4'></r>", bound: 3)?.hasPrefix("t.too-many-attributes 1:1 element <r>") == true)
        #expect(failure("<r><e a='1' b='2' c='3'></e></r>", bound: 2)?.hasPrefix("t.too-many-attributes 1:4 element <e>") == true)
    }

    @Test func namespaceDeclarationsCount() {
        #expect(failure("<p:r xmlns:p=\"urn:p\" xmlns=\"urn:d\" p:a=\"1\"/>", bound: 2)?
            .hasPrefix("t.too-many-attributes 1:1 element <p:r>") == true)
        #expect(failure("<p:r xmlns:p=\"urn:p\" xmlns=\"urn:d\" p:a=\"1\"/>", bound: 3) == nil)
    }

    /// A `>` or the other quote inside a value ends neither the value nor the tag.
    @Test func valuesHoldingMarkupCharactersAreOneAttributeEach() {
        let tricky = "a=\"x>y\" b='say \"hi\"' c=\"it's\" d=\"/>\""
        #expect(failure("<r \(tricky)/>", bound: 4) == nil)
        #expect(failure("<r \(tricky) e=\"\"/>", bound: 4)?.hasPrefix("t.too-many-attributes 1:1") == true)
        // Text may hold `>` and quotes; they start nothing.
        #expect(failure("<r>a > b \" c ' d<e a='1'/></r>", bound: 1) == nil)
    }

    /// What looks like a start tag inside a comment, CDATA, a processing instruction or the DTD is not one.
    @Test func markupThatIsNotAStartTagIsSkipped() throws {
        let many = "<x \(Self.attributes(10))>"
        let doc = """
            <?xml version="1.0"?>
            <?pi \(many) ?>
            <!DOCTYPE r [
              <!-- \(many) ]> -->
              <?dtd-pi ]> \(many) ?>
              <!ATTLIST r b CDATA "]> x='1' y='2' z='3'">
            ]>
            <!-- \(many) -->
            <r b="1"><![CDATA[\(many) ]]><e a="1"/><!-- --><e a="1" c="2"/></r>
            """
        let tree = try read(doc, bound: 2)
        #expect(tree.root.children.count == 2)
        // The same document with one attribute more on the last <e> fails there.
        let over = doc.replacingOccurrences(of: "<e a=\"1\" c=\"2\"/>", with: "<e a=\"1\" c=\"2\" d=\"3\"/>")
        let last = over.split(separator: "\n").last!
        let column = last.distance(from: last.startIndex, to: last.range(of: "<e a=\"1\" c=")!.lowerBound) + 1
        #expect(failure(over, bound: 2)?.hasPrefix("t.too-many-attributes 9:\(column) element <e>") == true)
    }

    /// An entity's replacement text is parsed by libxml2 at its first reference: an element in it is
    /// bounded at the declaration, referenced or not.
    @Test func entityTextIsBoundedWhenDeclared() {
        let doc = "<!DOCTYPE r [\n  <!ENTITY big \"<x \(Self.attributes(4).replacingOccurrences(of: "\"", with: "'"))/>\">\n]>\n<r/>"
        #expect(failure(doc, bound: 3)
                == "t.too-many-attributes 2:3 entity 'big' holds an element <x> with more than 3 attributes, the limit on one element")
        #expect(failure(doc, bound: 4) == nil)
        // A character reference in the literal is a `<` of the replacement text.
        let escaped = "<!DOCTYPE r [<!ENTITY e \"&#60;x a='1' b='2'/>\">]><r>&e;</r>"
        #expect(failure(escaped, bound: 1)?.hasPrefix("t.too-many-attributes 1:14 entity 'e'") == true)
    }

    /// libxml2 adds an element's declared defaults to each of its tags: declarations count per element,
    /// those brought in by a parameter entity too.
    @Test func attributeDeclarationsCountPerElement() {
        let three = "<!ATTLIST e a CDATA \"1\" b CDATA #IMPLIED>\n<!ATTLIST e c (x|y) \"x\">"
        #expect(failure("<!DOCTYPE r [\n\(three)\n]><r><e/></r>", bound: 3) == nil)
        let f = failure("<!DOCTYPE r [\n\(three)\n<!ATTLIST f a CDATA \"1\">\n<!ATTLIST e d CDATA \"1\">\n]><r/>", bound: 3)
        #expect(f?.hasPrefix("t.too-many-attributes 5:") == true)
        #expect(f?.hasSuffix("element <e> is declared (<!ATTLIST>) with more than 3 attributes, the limit on one element") == true)
        let viaEntity = "<!DOCTYPE r [\n<!ENTITY % decl \"<!ATTLIST e a CDATA '1' b CDATA '2'>\">\n%decl;\n]><r/>"
        #expect(failure(viaEntity, bound: 1)?.hasPrefix("t.too-many-attributes 3:") == true)
    }

    /// Malformed markup is left to libxml2, which reports the first problem at its position.
    @Test func malformedDocumentsKeepLibxml2sDiagnostic() {
        #expect(failure("<r><e a=\"1\" <f b=\"2\" c=\"3\" d=\"4\"/></r>", bound: 2)?.hasPrefix("t.malformed 1:") == true)
        #expect(failure("<r><e a=\"1 b=\"2\"/></r>", bound: 1)?.hasPrefix("t.malformed") == true)
        #expect(failure("<r><!-- never closed <e a='1' b='2'/></r>", bound: 1)?.hasPrefix("t.malformed") == true)
    }

    /// On every document of up to three pieces made of the bytes that matter (`<`, `>`, both quotes,
    /// `/`, `!`, `?`, `-`, long plain runs), the scan finds the same first excess as a plain byte-by-byte reading of the same rules (a start tag's
    /// quoted values counted up to its `>`).
    @Test func scanAgreesWithAByteByByteReading() {
        let pieces = ["<", ">", "\"", "'", "/", "!", "?", "-", " ", "a=", "<e", "<e a='1'", " b=\"x>y\"", "</e>", "<!-- c -->",
                      "<?p ?>", "<![CDATA[<x a='1' b='2'>]]>", "\n  ", "0123456", "0123456789abcdef"]
        var texts = [""]
        for _ in 0..<3 { texts += texts.flatMap { t in pieces.map { t + $0 } } }
        for text in Set(texts) {
            let bytes = Array(text.utf8)
            for limit in 0...2 {
                let fast = bytes.withUnsafeBufferPointer { XMLAttributeBound.firstExcess(in: $0, limit: limit) }
                #expect(fast?.offset == Self.referenceExcess(bytes, limit: limit), "\(text.debugDescription) limit \(limit)")
            }
        }
    }

    /// The offset of the first start tag with more than `limit` quoted values, one byte at a time;
    /// `nil` at the end or at the first thing that is not well-formed.
    static func referenceExcess(_ b: [UInt8], limit: Int) -> Int? {
        func find(_ needle: String, from: Int) -> Int? {
            let m = Array(needle.utf8)
            var i = from
            while i + m.count <= b.count {
                if Array(b[i..<(i + m.count)]) == m { return i + m.count }
                i += 1
            }
            return nil
        }
        func starts(_ i: Int, _ prefix: String) -> Bool {
            let m = Array(prefix.utf8)
            return i + m.count <= b.count && Array(b[i..<(i + m.count)]) == m
        }
        // `<!DOCTYPE …>`: quoted literals skipped, and in the internal subset comments and processing
        // instructions; its `>` ends it outside the subset.
        func declarationEnd(from start: Int) -> Int? {
            var i = start, inSubset = false
            while i < b.count {
                let c = b[i]
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    guard i + 1 < b.count, let close = b[(i + 1)...].firstIndex(of: c) else { return nil }
                    i = close + 1
                    continue
                }
                if c == UInt8(ascii: "<"), inSubset, starts(i + 1, "!--") {
                    guard let e = find("-->", from: i + 4) else { return nil }
                    i = e
                    continue
                }
                if c == UInt8(ascii: "<"), inSubset, starts(i + 1, "?") {
                    guard let e = find("?>", from: i + 2) else { return nil }
                    i = e
                    continue
                }
                if c == UInt8(ascii: "[") { inSubset = true }
                if c == UInt8(ascii: "]") { inSubset = false }
                if c == UInt8(ascii: ">"), !inSubset { return i + 1 }
                i += 1
            }
            return nil
        }
        var i = 0
        while i < b.count {
            guard let lt = b[i...].firstIndex(of: UInt8(ascii: "<")), lt + 1 < b.count else { return nil }
            switch b[lt + 1] {
            case UInt8(ascii: "?"): guard let e = find("?>", from: lt + 2) else { return nil }; i = e
            case UInt8(ascii: "!"):
                if starts(lt + 2, "--") { guard let e = find("-->", from: lt + 4) else { return nil }; i = e }
                else if starts(lt + 2, "[CDATA[") { guard let e = find("]]>", from: lt + 9) else { return nil }; i = e }
                else { guard let e = declarationEnd(from: lt + 2) else { return nil }; i = e }
            case UInt8(ascii: "/"): guard let gt = b[lt...].firstIndex(of: UInt8(ascii: ">")) else { return nil }; i = gt + 1
            default:
                var count = 0, k = lt + 1
                tag: while true {
                    guard k < b.count else { return nil }
                    switch b[k] {
                    case UInt8(ascii: ">"): i = k + 1; break tag
                    case UInt8(ascii: "<"): return nil
                    case UInt8(ascii: "\""), UInt8(ascii: "'"):
                        guard k + 1 < b.count, let close = b[(k + 1)...].firstIndex(of: b[k]) else { return nil }
                        count += 1
                        if count > limit { return lt }
                        k = close + 1
                    default: k += 1
                    }
                }
            }
        }
        return nil
    }
}
