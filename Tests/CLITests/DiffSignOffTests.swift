import Foundation
import Testing
import FormConvKit
import FormIR
import FormConvTestSupport

/// Migration sign-off (docs/diff.md): every change `formconv diff` finds between a form and its
/// conversion to a readable format was announced by that conversion — a loss or other diagnostic at
/// the changed thing's place in the source (or at its field's place). A change no diagnostic announced
/// is a conversion that lost something silently.
@Suite struct DiffSignOffTests {
    /// The examples and the shared corpus: every form formconv ships or is tested on.
    static let sources: [String] = {
        let fm = FileManager.default
        var out: [String] = []
        for dir in [TestPaths.examples, TestPaths.shared.appendingPathComponent("corpus")] {
            guard let walk = fm.enumerator(atPath: dir.path) else { continue }
            for case let rel as String in walk {
                let path = dir.appendingPathComponent(rel).path
                guard let bytes = fm.contents(atPath: path),
                      FormatDetector.detect(name: path, bytes: Array(bytes.prefix(8192))) != nil,
                      !rel.hasSuffix(".md"), !rel.contains("LICENSE") else { continue }
                out.append(path)
            }
        }
        return out.sorted()
    }()

    /// The formats formconv both writes and reads back.
    static let targets: [FormatID] = FormatRegistry.writable.filter { FormatRegistry.readable.contains($0) }

    @Test func sourcesFound() {
        #expect(Self.sources.count >= 9, "expected examples/ and the shared corpus: \(Self.sources)")
        #expect(Self.targets.count >= 8)
    }

    @Test(arguments: sources)
    func everyChangeIsAnnounced(_ path: String) throws {
        let side = DiffInput.read(path: path, as: nil, maxInputSize: 64 << 20)
        let source = try #require(side.form, "\(path) does not read: \(side.diagnostics)")
        let loaded = try InputLoader().load(path).get()
        let format = try #require(side.format)
        // The places in the source that belong to each field, by the names changes use (submission key
        // or id): the field, its options and validation rules, the rules acting on it and their conditions.
        var fieldPlaces: [String: [FormIR.SourceLocation]] = [:]
        for f in source.allFields {
            var places = [f.location] + f.options.map(\.location) + f.validation.patterns.map(\.location)
            places += f.validation.predicates.map(\.location) + f.validation.comparisons.map(\.location)
            for r in source.rules where r.target == .field(f.id) { places += [r.location, r.source?.location] }
            for name in [f.submission.key ?? f.id, f.id] { fieldPlaces[name, default: []] += places.compactMap { $0 } }
        }
        for target in Self.targets {
            let conversion = Converter.convert(loaded.document, from: format, to: target)
            guard let bytes = conversion.output else {
                Issue.record("\(path) → \(target) failed: \(conversion.diagnostics.items.map { $0.formatted() })")
                continue
            }
            let back = DiffInput.read(bytes: bytes, name: "converted.\(target.rawValue)", as: target)
            let converted = try #require(back.form, "\(path) → \(target) does not read back: \(back.diagnostics)")
            let announced = Set((conversion.diagnostics.items + back.diagnostics).compactMap { d in d.location.map { Place($0) } })
            let result = FormDiff.compare(source, converted, oldName: path, newName: "converted")
            for change in result.changes {
                // Pages and sections: a loss of the form's structure (`loss.structure.pages`) announces them.
                let structure = change.id.hasPrefix("page.") || change.id.hasPrefix("section.") ? [source.location] : []
                let places = ([change.oldLocation, change.newLocation] + structure + (fieldPlaces[change.field] ?? []))
                    .compactMap { $0 }.map { Place($0) }
                let message: Comment = "\(URL(fileURLWithPath: path).lastPathComponent) → \(target.rawValue): unannounced \(change.id) [\(change.level.rawValue)] \(change.message)"
                #expect(places.contains(where: announced.contains), message)
            }
        }
    }

    @Test(arguments: sources)
    func ownRoundTripHasNoChanges(_ path: String) throws {
        let side = DiffInput.read(path: path, as: nil, maxInputSize: 64 << 20)
        let source = try #require(side.form)
        let format = try #require(side.format)
        #expect(FormDiff.compare(source, source).changes.isEmpty)
        for target in [FormatID.ir, format] where FormatRegistry.emitter(for: target) != nil {
            let loaded = try InputLoader().load(path).get()
            // Its own format's writer keeps what the format's schema rejects only with --keep-legacy
            // (MM XML: docs/mmxml.md); the round trip is the lossless one.
            let bytes = try #require(Converter.convert(loaded.document, from: format, to: target,
                                                       formatOptions: .init(keepLegacy: true)).output)
            let back = try #require(DiffInput.read(bytes: bytes, name: "back", as: target).form)
            let changes = FormDiff.compare(source, back).changes
            #expect(changes.isEmpty, "\(path) through \(target.rawValue): \(changes.map { "\($0.id): \($0.message)" })")
        }
    }

    /// A position without the file name (the source's diagnostics and the diff's name it alike).
    struct Place: Hashable {
        var line: Int
        var column: Int
        init(_ l: FormIR.SourceLocation) { line = l.line; column = l.column }
    }
}
