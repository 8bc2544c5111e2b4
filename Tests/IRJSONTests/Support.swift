import Foundation
import DocumentTree
import Testing
import FormConvKit
import FormConvTestSupport
import FormIR
import Readers
import Emitters

/// The inputs of the whole test suite that formconv reads, each with its form: the examples, every
/// test target's fixtures and the shared corpus, named by their path from the repository (as the
/// command line names them).
enum Inputs {
    struct Input: CustomStringConvertible, Sendable {
        let url: URL
        let name: String
        let form: Form
        var description: String { name }
    }

    static let all: [Input] = {
        let fm = FileManager.default
        var urls = (try? fm.contentsOfDirectory(at: TestPaths.examples, includingPropertiesForKeys: nil)) ?? []
        for root in [TestPaths.repo.appendingPathComponent("Tests"), TestPaths.shared.appendingPathComponent("corpus")] {
            let walker = fm.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard root.lastPathComponent == "corpus" || url.path.contains("/Fixtures/") else { continue }
                if ["xml", "json", "yaml", "plist"].contains(url.pathExtension) { urls.append(url) }
            }
        }
        return urls.sorted { $0.path < $1.path }.compactMap { read($0) }
    }()

    static let examples = all.filter { $0.url.deletingLastPathComponent().standardizedFileURL == TestPaths.examples.standardizedFileURL }

    /// The input read as the command line reads it, named by its path from the repository unless
    /// `name` is given; `nil` when it is not a form that reads.
    static func read(_ url: URL, name: String? = nil) -> Input? {
        guard let raw = try? Data(contentsOf: url) else { return nil }
        let inRepo = url.path.hasPrefix(TestPaths.repo.path + "/")
        let name = name ?? (inRepo ? String(url.path.dropFirst(TestPaths.repo.path.count + 1)) : url.lastPathComponent)
        let document = InputLoader.normalize(Array(raw), name: name).document
        guard let format = FormatDetector.detect(name: name, bytes: document.bytes) else { return nil }
        var diagnostics = Diagnostics()
        guard let form = Converter.read(document, as: format, diagnostics: &diagnostics), !diagnostics.hasErrors else {
            return nil
        }
        return Input(url: url, name: name, form: form)
    }

    static func text(_ form: Form) -> String { String(decoding: IREmitter.encode(form), as: UTF8.self) }
}

/// Every source location a form holds, in document order, so that tests can check that they survive
/// (locations take no part in the IR's equality).
enum Locations {
    static func all(in form: Form) -> [String] {
        var out: [String] = []
        func add(_ what: String, _ l: FormIR.SourceLocation?) { out.append("\(what) \(l.map(\.description) ?? "-")") }
        func field(_ f: Field) {
            add("field \(f.id)", f.location)
            for o in f.options { add("option", o.location) }
            for p in f.validation.patterns { add("pattern", p.location) }
            for p in f.validation.predicates { add("predicate", p.location) }
            for c in f.validation.comparisons { add("comparison", c.location) }
        }
        add("form", form.location)
        for page in form.pages {
            add("page", page.location)
            for section in page.sections {
                add("section", section.location)
                if let template = section.dynamic?.template { field(template) }
                section.fields.forEach(field)
            }
        }
        for rule in form.rules {
            add("rule", rule.location)
            add("rule source", rule.source?.location)
            for case .setOptions(let options) in rule.then + rule.otherwise {
                for o in options { add("option", o.location) }
            }
        }
        return out
    }
}

/// Small documents built in code, and the parts of them tests look at.
enum Documents {
    static func form(_ field: Field, rules: [Rule] = []) -> Form {
        Form(pages: [Page(sections: [Section(fields: [field])])], rules: rules)
    }

    /// The document of `form`, parsed back into a tree.
    static func tree(_ form: Form) throws -> Node {
        var d = Diagnostics()
        return try JSONReader.parse(IREmitter.encode(form), name: "t.ir.json", diagnostics: &d)
    }

    static func fieldNode(_ field: Field) throws -> Node {
        try #require(try tree(form(field))["pages"]?[0]?["sections"]?[0]?["fields"]?[0])
    }

    static func compact(_ node: Node?) -> String {
        node.map { String(decoding: JSONWriter.write($0, pretty: false), as: UTF8.self) } ?? "<none>"
    }

    static func roundTrip(_ form: Form) throws -> Form {
        try IRReader.decode(IREmitter.encode(form), name: "t.ir.json")
    }
}
