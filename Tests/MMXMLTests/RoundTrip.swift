import Foundation
import Testing
import FormIR

/// MM XML → IR → MM XML → IR with `--keep-legacy` (which writes back what the language's schema
/// rejects): the IR must be equal item by item, and a second pass must give the same bytes.
/// (The schema-valid default output is checked by MMXMLSchemaValidityTests and the read-back matrix.)
enum RoundTrip {
    static func check(_ url: URL, expectNoLosses: Bool = true, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let (first, _) = try Support.read(file: url)
        let (xml1, diagnostics) = try Support.emit(first, keepLegacy: true)
        let losses = diagnostics.filter { $0.id != "mmxml.not-schema-valid" }
        if expectNoLosses {
            #expect(losses.map { $0.formatted() } == [], "\(url.lastPathComponent)", sourceLocation: sourceLocation)
        }
        let (second, _) = try Support.read(xml1, name: "out-" + url.lastPathComponent)
        compare(first, second, name: url.lastPathComponent, sourceLocation: sourceLocation)
        let (xml2, _) = try Support.emit(second, keepLegacy: true)
        #expect(xml1 == xml2, "second pass differs for \(url.lastPathComponent)", sourceLocation: sourceLocation)
    }

    /// Compares two forms part by part so a failure names the page, group, item or rule that differs.
    static func compare(_ a: Form, _ b: Form, name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(a.pages.count == b.pages.count, "\(name): page count", sourceLocation: sourceLocation)
        for (pa, pb) in zip(a.pages, b.pages) {
            #expect(pa.sections.count == pb.sections.count, "\(name): groups of page \(pa.id ?? "-")", sourceLocation: sourceLocation)
            for (sa, sb) in zip(pa.sections, pb.sections) {
                #expect(sa.fields.map(\.id) == sb.fields.map(\.id), "\(name): items of group \(sa.id ?? "-")", sourceLocation: sourceLocation)
                for (fa, fb) in zip(sa.fields, sb.fields) {
                    #expect(fa == fb, "\(name): item \(fa.id)", sourceLocation: sourceLocation)
                }
                var sa2 = sa, sb2 = sb
                sa2.fields = []; sb2.fields = []
                #expect(sa2 == sb2, "\(name): group \(sa.id ?? "-")", sourceLocation: sourceLocation)
            }
            var pa2 = pa, pb2 = pb
            pa2.sections = []; pb2.sections = []
            #expect(pa2 == pb2, "\(name): page \(pa.id ?? "-")", sourceLocation: sourceLocation)
        }
        #expect(a.rules.count == b.rules.count, "\(name): relationship count", sourceLocation: sourceLocation)
        for (i, (ra, rb)) in zip(a.rules, b.rules).enumerated() {
            #expect(ra == rb, "\(name): relationship \(i) on \(ra.target)", sourceLocation: sourceLocation)
        }
        #expect(a == b, "\(name): whole form", sourceLocation: sourceLocation)
    }
}
