import Foundation
import Testing
import FormIR
import FormConvKit
import DocumentTree
@testable import Emitters

/// The row schema written by two threads (the later sections by the loss report's thread) is the
/// one-thread writer's document, byte for byte, with the same diagnostics in the same order: on every
/// fixture split at every section boundary, and on forms built to stress the split.
@Suite struct TwoThreadWritingTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every input the repository holds that a reader accepts (examples and test fixtures).
    static let fixtures: [String] = ["examples", "Tests"].flatMap { dir -> [String] in
        let root = repository.appendingPathComponent(dir)
        let all = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return all.filter { !$0.hasSuffix(".swift") }.map { "\(dir)/\($0)" }
    }.filter { path in
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: repository.appendingPathComponent(path).path, isDirectory: &isDirectory)
            && !isDirectory.boolValue
    }.sorted()

    /// Each diagnostic as text with everything it holds: severity, id, message, position, IR path.
    static func described(_ d: Diagnostics) -> [String] {
        d.items.map { item in
            "\(item.severity) [\(item.id)] \(item.message) @\(item.location.map { "\($0.file):\($0.line):\($0.column)" } ?? "-") \(item.path ?? "-")"
        }
    }

    static func sectionCount(_ form: Form) -> Int { form.pages.reduce(0) { $0 + $1.sections.count } }

    /// Compares the two-thread writer, split before each of `places`, with the one-thread writer.
    static func expectSameAsOneWriter(_ form: Form, places: [Int], _ what: String = "",
                                      sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let emitter = RowSchemaEmitter(syntax: .json)
        var oneDiagnostics = Diagnostics()
        let one = try emitter.oneWriter(form, locale: form.defaultLocale, diagnostics: &oneDiagnostics)
        for place in places {
            var twoDiagnostics = Diagnostics()
            let two = emitter.twoThreadJSON(form, locale: form.defaultLocale, firstSections: place, diagnostics: &twoDiagnostics)
            #expect(two == one, "\(what): split before section \(place)", sourceLocation: sourceLocation)
            #expect(described(twoDiagnostics) == described(oneDiagnostics), "\(what): split before section \(place)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func everyFixtureAtEverySplit() throws {
        var compared = 0
        for path in Self.fixtures {
            let bytes = Array(try Data(contentsOf: Self.repository.appendingPathComponent(path)))
            guard let format = FormatDetector.detect(name: path, bytes: bytes) else { continue }
            var d = Diagnostics()
            guard let form = Converter.read(InputDocument(name: path, bytes: bytes), as: format, diagnostics: &d) else { continue }
            let sections = Self.sectionCount(form)
            guard sections > 1 else { continue }
            try Self.expectSameAsOneWriter(form, places: Array(1..<sections), path)
            compared += 1
        }
        #expect(compared >= 20, "only \(compared) fixtures with two sections or more")
    }

    /// A form of `pages` pages of `sections` sections of `fields` fields each, with what makes the
    /// split interesting: ids repeated across sections, NaN and infinite values and extension values
    /// in the later sections, dynamic sections with templates, rules on rows of both halves,
    /// section and form extensions, and losses only the row writer reports.
    static func stressForm(pages: Int, sections: Int, fields: Int) -> Form {
        var section = 0
        let pageList = (0..<pages).map { p in
            Page(id: "p\(p)", sections: (0..<sections).map { _ in
                defer { section += 1 }
                let s = section
                let fieldList = (0..<fields).map { f -> Field in
                    // Every 7th field repeats an id of section 0 (the first thread's), every 11th one of
                    // the section before.
                    let id = f % 7 == 3 ? "s0f\(f)" : f % 11 == 5 && s > 0 ? "s\(s - 1)f\(f)" : "s\(s)f\(f)"
                    let value: Value? = switch f % 13 {
                    case 1: .double(.nan)
                    case 2: .double(s % 2 == 0 ? .infinity : -.infinity)
                    case 4: .double(2.5)
                    default: nil
                    }
                    return Field(id: id, kind: f % 5 == 0 ? .decimal : .text,
                                 texts: FieldTexts(label: LocalizedText("Field \(f)"), body: f % 17 == 0 ? "body" : nil),
                                 defaultValue: value, isHidden: f % 19 == 0,
                                 extensions: f % 23 == 0 ? ["rowschema.key.x-score": .double(.nan),
                                                            "rowschema.later.x-new": .bool(true)] : [:],
                                 location: SourceLocation(file: "stress.xml", line: s * 1000 + f + 1, column: 1))
                }
                let dynamic: DynamicSection? = s % 3 == 1
                    ? DynamicSection(allowsInsert: true, idPrefix: "d\(s)",
                                     template: Field(id: "t\(s)", kind: .decimal, defaultValue: .double(.nan)),
                                     insertMode: "bottom")
                    : nil
                return Section(id: "s\(s)", title: LocalizedText("Section \(s)"), fields: fieldList, isHidden: s % 4 == 2, dynamic: dynamic,
                               extensions: s % 2 == 1 ? ["rowschema.key.x-weight": .double(.infinity),
                                                         "rowschema.later.x-flag": .bool(true)] : [:],
                               location: SourceLocation(file: "stress.xml", line: s * 1000, column: 1))
            })
        }
        let rules = (0..<section).map { s in
            Rule(condition: .compare(.field(FieldReference("s0f1")), .greater, .literal(.number(Double(s)))),
                 target: s % 2 == 0 ? .field("s\(s)f2") : .section("s\(s)"), then: [.hide], otherwise: [.show])
        } + [Rule(condition: .literal(.bool(true)), target: .field("missing"), then: [.hide])]
        return Form(title: "Stress", pages: pageList, rules: rules,
                    extensions: ["rowschema.key.x-total": .double(-.infinity), "rowschema.later.x-form": .bool(true)],
                    location: SourceLocation(file: "stress.xml", line: 1, column: 1))
    }

    @Test func stressFormAtEverySplit() throws {
        let form = Self.stressForm(pages: 3, sections: 4, fields: 30)
        try Self.expectSameAsOneWriter(form, places: Array(1..<Self.sectionCount(form)))
    }

    /// A form large enough for `emit` to write it on two threads, which share its sections as they
    /// go: same bytes and diagnostics, run after run, wherever the writers meet.
    @Test func largeFormWrittenByEmit() throws {
        let form = Self.stressForm(pages: 2, sections: 12, fields: 120)
        #expect(RowSchemaEmitter.writesOnTwoThreads(form))
        var one = Diagnostics()
        let reference = try RowSchemaEmitter(syntax: .json).oneWriter(form, locale: nil, diagnostics: &one)
        #expect(Self.described(one).contains { $0.contains("rowschema.duplicate-id") })
        #expect(Self.described(one).contains { $0.contains("non-finite") })
        for _ in 0..<20 {
            var emitted = Diagnostics()
            let bytes = try RowSchemaEmitter(syntax: .json).emit(form, options: EmitOptions(), diagnostics: &emitted)
            #expect(bytes == reference)
            #expect(Self.described(emitted) == Self.described(one))
        }
    }

    /// The shared sections: the first writer takes them from the front (the first always), the
    /// second from the back, none twice, none left; with a fixed split, each takes its own.
    @Test func sectionClaims() async {
        for count in [2, 3, 10, 600] {
            let claims = SectionClaims(count: count)
            async let back: [Int] = { var got: [Int] = []; while let p = claims.fromBack() { got.append(p) }; return got }()
            var front: [Int] = []
            while let p = claims.fromFront() { front.append(p) }
            let fromBack = await back
            #expect(front.first == 0)
            #expect(front == Array(0..<front.count))
            #expect(fromBack == Array((front.count..<count).reversed()))
        }
        let fixed = SectionClaims(count: 10, firstSections: 4)
        var back: [Int] = []
        while let p = fixed.fromBack() { back.append(p) }
        var front: [Int] = []
        while let p = fixed.fromFront() { front.append(p) }
        #expect(back == [9, 8, 7, 6, 5, 4] && front == [0, 1, 2, 3])
    }

    /// One huge section, or a huge last section after small ones: the thread writing it would end
    /// long after the other, so one writer does it all (the report beside it).
    @Test func lopsidedFormsStayOnOneThread() throws {
        #expect(!RowSchemaEmitter.writesOnTwoThreads(Self.stressForm(pages: 1, sections: 1, fields: 3_000)))
        var form = Self.stressForm(pages: 1, sections: 3, fields: 10)
        form.pages[0].sections[2].fields = Self.stressForm(pages: 1, sections: 1, fields: 3_000).pages[0].sections[0].fields
        #expect(!RowSchemaEmitter.writesOnTwoThreads(form))
        try Self.expectSameAsOneWriter(form, places: [1, 2])
        // Small forms stay on one thread, however many sections.
        #expect(!RowSchemaEmitter.writesOnTwoThreads(Self.stressForm(pages: 4, sections: 10, fields: 40)))
    }

    /// The continuing JSON writer: two writers' bytes joined are one writer's, with the unwritable
    /// numbers of both in order.
    @Test func continuingStreamWriter() {
        func head(_ s: inout JSONStreamWriter) {
            s.beginObject(); s.key("a"); s.beginArray()
            s.beginObject(); s.key("x"); s.double(.nan); s.endObject()
        }
        func later(_ s: inout JSONStreamWriter) {
            s.beginObject(); s.key("y"); s.double(.infinity); s.endObject()
            s.int(3)
        }
        var one = JSONStreamWriter(pretty: true)
        head(&one); later(&one); one.endArray(); one.endObject()
        var first = JSONStreamWriter(pretty: true)
        var second = JSONStreamWriter(pretty: true, continuingAtDepth: 2, afterValues: true)
        head(&first); later(&second)
        first.append(second)
        first.endArray(); first.endObject()
        #expect(first.unwritableNumbers.count == 2)
        #expect(first.unwritableNumbers.map(\.isNaN) == one.unwritableNumbers.map(\.isNaN))
        #expect(first.finish() == one.finish())
    }
}
