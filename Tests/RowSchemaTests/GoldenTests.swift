import Foundation
import Testing
import FormIR
import Readers
import Emitters
import DocumentTree

/// Fixtures/json/<case>.rows.json → <case>.ir.json → <case>.out.json (+ <case>.diagnostics.txt),
/// and the same for Fixtures/yaml/<case>.rows.yaml.
@Suite struct GoldenTests {
    static let jsonCases = Fixtures.files("json", suffix: ".rows.json").map(\.lastPathComponent)
    static let yamlCases = Fixtures.files("yaml", suffix: ".rows.yaml").map(\.lastPathComponent)

    func run(_ dir: String, _ name: String, syntax: DocumentSyntax) throws {
        let base = Fixtures.root.appendingPathComponent(dir)
        let stem = String(name.dropLast(".rows.\(dir)".count))
        let (form, readDiagnostics) = RowSchema.read(Fixtures.text(base.appendingPathComponent(name)), syntax: syntax, name: name)
        let f = try #require(form)
        let ir = String(decoding: IREmitter.encode(f), as: UTF8.self)
        Fixtures.golden(ir, base.appendingPathComponent("\(stem).ir.json"))
        #expect(try IRReader.decode(Array(ir.utf8), name: "ir") == f)
        let (out, emitDiagnostics) = RowSchema.emit(f, syntax: syntax)
        Fixtures.golden(out, base.appendingPathComponent("\(stem).out.\(dir)"))
        var all = readDiagnostics
        all.append(contentsOf: emitDiagnostics.items)
        Fixtures.golden(RowSchema.lines(all), base.appendingPathComponent("\(stem).diagnostics.txt"))
    }

    @Test(arguments: jsonCases) func json(_ name: String) throws { try run("json", name, syntax: .json) }
    @Test(arguments: yamlCases) func yaml(_ name: String) throws { try run("yaml", name, syntax: .yaml) }

    /// JSON → IR → JSON, then the output through the same trip again: the bytes do not change.
    @Test(arguments: jsonCases) func stableSecondPass(_ name: String) throws {
        let text = Fixtures.text(Fixtures.root.appendingPathComponent("json/\(name)"))
        let first = RowSchema.emit(try #require(RowSchema.read(text).0)).0
        let (again, d) = RowSchema.read(first)
        #expect(!d.hasErrors, "\(RowSchema.lines(d))")
        let second = RowSchema.emit(try #require(again)).0
        #expect(first == second)
        #expect(RowSchema.read(second).0 == again)
    }
}
