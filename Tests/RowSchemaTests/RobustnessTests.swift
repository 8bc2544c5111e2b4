import Testing
import FormIR
import Readers
import Emitters
import DocumentTree

/// Wrong types anywhere never crash the reader or the emitter, and every one is reported.
@Suite struct RowSchemaRobustnessTests {
    static let replacements: [Node.Kind] = [.null, .int(5), .string("x"), .array([]), .mapping([]), .bool(true)]

    /// Every tree obtained by replacing one value of `node` with each replacement.
    static func variants(_ node: Node) -> [Node] {
        var out: [Node] = []
        switch node.kind {
        case .mapping(let m):
            for (i, e) in m.enumerated() {
                for r in replacements {
                    var copy = m
                    copy[i].value = Node(r, at: e.value.location)
                    out.append(Node(.mapping(copy), at: node.location))
                }
                for v in variants(e.value) {
                    var copy = m
                    copy[i].value = v
                    out.append(Node(.mapping(copy), at: node.location))
                }
            }
        case .array(let a):
            for (i, item) in a.enumerated() {
                for v in variants(item) {
                    var copy = a
                    copy[i] = v
                    out.append(Node(.array(copy), at: node.location))
                }
            }
        default: break
        }
        return out
    }

    @Test func everyValueReplacedStillReadsAndWrites() throws {
        var d = Diagnostics()
        let text = Fixtures.text(Fixtures.examples.appendingPathComponent("expense-report.rows.json"))
        let root = try JSONReader.parse(text, name: "e.json", diagnostics: &d)
        let all = Self.variants(root)
        #expect(all.count > 700)
        var reported = 0
        for v in all {
            var diagnostics = Diagnostics()
            let form = RowSchemaReader.form(from: v, file: "e.json", quotedStrings: true, diagnostics: &diagnostics)
            if !diagnostics.items.isEmpty { reported += 1 }
            _ = RowSchema.emit(form, syntax: .json)
            _ = RowSchema.emit(form, syntax: .yaml)
        }
        #expect(reported > all.count / 2)
    }
}
