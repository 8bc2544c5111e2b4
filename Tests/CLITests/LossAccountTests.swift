import Foundation
import Testing
import FormIR
import FormConvKit
import FormConvTestSupport

/// "A loss says what is lost, for whom" (issue 35): every input of examples/ and the shared corpus,
/// converted to every format formconv writes, gives loss lines that name their field (or say they are
/// form-level) first, carry that subject as data, and use `loss.extension` only for format data that
/// has no IR concept, listing its keys. What the app supplies at run time (RMSForm `:name`, XLForm
/// `cellClass`) is `app.*`, never `loss.extension`.
@Suite struct LossAccountTests {
    /// Every format formconv writes.
    static let targets = FormatID.allCases.filter { FormatRegistry.emitter(for: $0) != nil }

    /// examples/ and the shared corpus, each with its detected format.
    static let inputs: [(name: String, format: FormatID, document: InputDocument)] = {
        let roots = [TestPaths.examples, TestPaths.shared.appendingPathComponent("corpus")]
        var found: [(String, FormatID, InputDocument)] = []
        for root in roots {
            guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walk {
                guard let bytes = try? [UInt8](Data(contentsOf: url)) else { continue }
                let loaded = InputLoader.normalize(bytes, name: url.lastPathComponent)
                guard let format = FormatDetector.detect(name: url.lastPathComponent, bytes: loaded.document.bytes) else { continue }
                found.append((url.lastPathComponent, format, loaded.document))
            }
        }
        return found.sorted { $0.0 < $1.0 }
    }()

    /// Whether `subject` is what a loss may name first: a field of `form`, `form-level`, a page, a
    /// group or a relationship.
    static func names(_ subject: String, in form: Form) -> Bool {
        subject == "form-level" || subject.hasPrefix("page '") || subject.hasPrefix("group '")
            || subject.hasPrefix("relationship ")
            || form.pages.contains { $0.sections.contains { s in
                s.fields.contains { $0.id == subject || $0.submission.key == subject }
                    || s.dynamic?.template?.id == subject } }
    }

    @Test func theInputsCoverExamplesAndTheRMSFormCorpus() {
        #expect(Self.inputs.count >= 13, "only \(Self.inputs.map(\.name))")
        #expect(Self.inputs.contains { $0.name == "RMSProfileViewController.plist" })
        #expect(Self.targets.count >= 15)
    }

    @Test(arguments: targets) func everyLossNamesItsFieldFirst(_ target: FormatID) {
        var count = 0
        for input in Self.inputs {
            let result = Converter.convert(input.document, from: input.format, to: target)
            guard let form = result.form else { Issue.record("\(input.name) does not read"); continue }
            for d in result.diagnostics.items where d.loss != nil {
                count += 1
                guard let subject = d.subject else {
                    Issue.record("\(input.name) → \(target): a loss without subject: \(d.formatted())")
                    continue
                }
                #expect(d.message.hasPrefix(subject + ": "), "\(input.name) → \(target): \(d.formatted())")
                #expect(Self.names(subject, in: form), "\(input.name) → \(target): '\(subject)' names nothing: \(d.formatted())")
            }
        }
        #expect(count > 0 || target == .ir, "the IR carries everything; every other target loses something here")
    }

    /// `loss.extension` lists the keys it drops, each a key the form holds, and none is a substitution
    /// the IR now models (`AppBinding`): the read IR keeps `:name` references only where they say where
    /// the app stores the value (`representedObject`, `keyPath`).
    @Test(arguments: targets) func extensionLossesListTheirKeys(_ target: FormatID) throws {
        let pattern = try Regex(#"has no place for ([a-zA-Z]+\.[\w.\-]+)(?: \(([^)]*)\))?, data only"#)
        for input in Self.inputs {
            let result = Converter.convert(input.document, from: input.format, to: target)
            guard let form = result.form else { continue }
            let extensions = Self.allExtensions(form)
            for d in result.diagnostics.items where d.id == "loss.extension" {
                guard let m = d.message.firstMatch(of: pattern), let key = m.output[1].substring.map(String.init) else {
                    Issue.record("\(input.name) → \(target): no key named: \(d.message)")
                    continue
                }
                #expect(!["rmsform.enabled", "xlform.cellClass"].contains(key) || extensions[key]?.contains { Self.isReference($0) } == false,
                        "\(input.name) → \(target): \(d.message)")
                guard let values = extensions[key] else {
                    Issue.record("\(input.name) → \(target): \(key) is not in the form: \(d.message)")
                    continue
                }
                if let listed = m.output[2].substring {
                    let keys = Set(values.compactMap(\.objectValue).flatMap(\.keys))
                    #expect(Set(listed.split(separator: ", ").map(String.init)).isSubset(of: keys), "\(d.message)")
                }
            }
            for (key, values) in extensions where key.hasPrefix("rmsform.") && key != "rmsform.representedObject" && key != "rmsform.keyPath" {
                #expect(!values.contains { Self.isReference($0) }, "\(input.name): \(key) holds a substitution the IR models")
            }
        }
    }

    @Test func anOptionsSubstitutionIsItsOwnLossNamingTheField() throws {
        let input = try #require(Self.inputs.first { $0.name == "RMSProfileViewController.plist" })
        let result = Converter.convert(input.document, from: input.format, to: .jsonSchema)
        let options = result.diagnostics.items.filter { $0.id == "loss.app.options" }
        #expect(options.map(\.subject) == ["profile.gender"])
        #expect(options.first?.message == "profile.gender: the options come from the app at run time (:genders); json-schema writes a free text answer")
        let enabled = result.diagnostics.items.filter { $0.id == "loss.app.enabled" }
        #expect(enabled.contains { $0.message.hasPrefix("profile.email: whether it can be used is decided by the app at run time (:emailEnabled)") })
        #expect(!result.diagnostics.items.contains { $0.id == "loss.extension" && $0.message.contains(":genders") })
    }

    /// Every extension value of the form by key (form, pages, sections, fields, options, rules).
    static func allExtensions(_ form: Form) -> [String: [Value]] {
        var out: [String: [Value]] = [:]
        func add(_ e: Extensions) { for (k, v) in e { out[k, default: []].append(v) } }
        add(form.extensions)
        for p in form.pages {
            add(p.extensions)
            for s in p.sections {
                add(s.extensions)
                for f in s.fields + [s.dynamic?.template].compactMap({ $0 }) {
                    add(f.extensions)
                    for o in f.options { add(o.extensions) }
                }
            }
        }
        for r in form.rules { add(r.extensions) }
        return out
    }

    /// Whether `v` is or holds a `Value.reference`.
    static func isReference(_ v: Value) -> Bool {
        switch v {
        case .reference: true
        case .object(let o): o.values.contains(where: isReference)
        case .array(let a): a.contains(where: isReference)
        default: false
        }
    }
}
