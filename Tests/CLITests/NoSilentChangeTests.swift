import Foundation
import Testing
import FormIR
import FormConvKit
import FormConvTestSupport

/// Nothing changes without a diagnostic (issue 35): every input of the read-back matrix (examples,
/// test fixtures, shared corpus; `ReadBackMatrixTests.inputs`) is converted in-process to every format
/// formconv writes and reads (`ReadBackMatrixTests.targets`) and read back; `FormDiff` compares the
/// form as read with the form read back, field by field, and every difference must be announced by a
/// diagnostic of one of the two steps (step 1: reading the input and writing the target; step 2:
/// reading the output back).
///
/// A diagnostic announces a difference (`FormChange`) when it names both
/// - **the field**: the change's `field` is a field's submission key or id, or a section's or page's
///   name (`fieldSites`' naming); the diagnostic names it when
///   1. its IR `path` is the thing's path or lies under it (`/pages/P/sections/S/fields/ID…`,
///      `/pages/P/sections/S…`, `/pages/P…`, in either form), or
///   2. its location (file, line, column) is one of the thing's places in either form — for a field its
///      own, its options', its validation rules', and those of the rules acting on it and their
///      conditions; for a section or page its own — and that place belongs to no other field, section
///      or page nor to the form itself, or
///   3. its message quotes the name (`'name'` or `"name"`);
///   a diagnostic that names only the form (no path, or the form's place) names no field, only the
///   form itself (changes whose `field` is `form`); and
/// - **the aspect**: the change id's aspect (`Aspect.of(change:)`) is among the diagnostic's aspects,
///   found from the keywords of its id (`Aspect.of(diagnostic:)`; for a loss, `loss.` plus the IR
///   feature it could not carry).
@Suite struct NoSilentChangeTests {
    /// What a difference or a diagnostic is about.
    enum Aspect: String, CaseIterable {
        case presence, kind, submission, options, required, validation, value, visibility, editable
        case actions, logic, text, appearance, structure

        /// The aspect of a `formconv diff` change id (docs/diff.md).
        static func of(change id: String) -> Aspect {
            switch id {
            case "field.removed", "field.added", "decoration.added", "decoration.removed",
                 "decoration.renamed": .presence
            // A field's submission key changed (docs/diff.md), announced by `loss.submission.key`.
            case "field.renamed": .submission
            case "field.kind-changed", "presentation.changed": .kind
            case "required.added", "required.removed", "required.conditional-added", "required.conditional-removed": .required
            case "default.changed": .value
            case "visibility.changed": .visibility
            case "editable.changed": .editable
            case "actions.changed": .actions
            case "text.changed", "translation.added", "translation.removed": .text
            case "layout.changed", "style.changed", "formatting.changed": .appearance
            case "field.moved", "field.reordered": .structure
            default:
                switch id.prefix { $0 != "." } {
                case "key", "submission", "value": .submission
                case "option": .options
                case "validation": .validation
                case "condition": .logic
                default: .structure   // page.*, section.*
                }
            }
        }

        /// Keywords of diagnostic ids, by the aspect they announce.
        static let keywords: [(Aspect, [String])] = [
            (.presence, ["name", "renamed", "duplicate", "unsubmitted", "field", "missing", "not-carried", "generated", "unknown", "kind."]),
            (.kind, ["kind", "type", "class", "presentation", "custom"]),
            (.submission, ["submission", "key", "name", "prefix"]),
            (.options, ["option", "choice"]),
            (.required, ["required"]),
            (.validation, ["validation", "validator", "pattern", "regex", "length", "range", "predicate", "comparison", "date-"]),
            (.value, ["default", "value", "number", "boolean"]),
            (.visibility, ["hidden", "show-hide", "visib"]),
            (.editable, ["disabled", "enable", "read-only"]),
            (.actions, ["action"]),
            (.logic, ["relationship", "condition", "reference", "target", "rule", "evaluate"]),
            (.text, ["text", "label", "placeholder", "message", "translation", "localization", "language", "title",
                     "detail", "body", "markup", "brace", "footer"]),
            (.appearance, ["layout", "style", "formatting", "color", "size", "position", "keyboard", "image"]),
            (.structure, ["structure", "page", "section", "group"]),
        ]

        /// The aspects a diagnostic id names: those whose keywords it contains.
        static func of(diagnostic id: String) -> Set<Aspect> {
            Set(keywords.filter { $0.1.contains { id.contains($0) } }.map(\.0))
        }
    }

    /// Where each field, section and page of two forms is, by the names changes use.
    struct Places {
        var paths: [String: [String]] = [:]
        var locations: [String: Set<Place>] = [:]
        var formPlaces = Set<Place>()

        init(_ forms: [Form]) {
            var owners: [Place: Set<String>] = [:]
            func add(_ name: String, _ path: String, _ places: [FormIR.SourceLocation?]) {
                paths[name, default: []].append(path)
                for l in places.compactMap({ $0 }) {
                    locations[name, default: []].insert(Place(l))
                    owners[Place(l), default: []].insert(name)
                }
            }
            for form in forms {
                if let l = form.location { formPlaces.insert(Place(l)) }
                for (pi, page) in form.pages.enumerated() {
                    let pageName = containerName(page.id, page.title, "page \(pi + 1)")
                    add(pageName, "/pages/\(pi)", [page.location])
                    for (si, section) in page.sections.enumerated() {
                        add(containerName(section.id, section.title, "\(pageName) section \(si + 1)"),
                            "/pages/\(pi)/sections/\(si)", [section.location])
                        for f in section.fields {
                            var places = [f.location] + f.options.map(\.location) + f.validation.patterns.map(\.location)
                            places += f.validation.predicates.map(\.location) + f.validation.comparisons.map(\.location)
                            for r in form.rules where r.target == .field(f.id) { places += [r.location, r.source?.location] }
                            for name in Set([f.submission.key ?? f.id, f.id]) {
                                add(name, "/pages/\(pi)/sections/\(si)/fields/\(f.id)", places)
                            }
                        }
                    }
                }
            }
            // A place several things (or the form) share names none of them.
            for (place, names) in owners where names.count > 1 || formPlaces.contains(place) {
                for name in names { locations[name]?.remove(place) }
            }
        }

        func containerName(_ id: String?, _ title: LocalizedText?, _ fallback: String) -> String {
            if let id, !id.isEmpty { return id }
            if let t = title?.defaultText, !t.isEmpty { return "\"\(t)\"" }
            return fallback
        }

        /// Whether `d` names the thing called `name`; for the form itself (`form`), whether `d` names
        /// the form: no path or `/`, or the form's place.
        func names(_ d: Diagnostic, _ name: String) -> Bool {
            if name == "form", d.path == nil || d.path == "/" || d.path == "" || d.location.map({ formPlaces.contains(Place($0)) }) == true {
                return true
            }
            if let p = d.path, paths[name]?.contains(where: { p == $0 || p.hasPrefix($0 + "/") }) == true { return true }
            if let l = d.location, locations[name]?.contains(Place(l)) == true { return true }
            return d.message.contains("'\(name)'") || d.message.contains("\"\(name)\"")
        }
    }

    /// A position with its file.
    struct Place: Hashable {
        var file: String, line: Int, column: Int
        init(_ l: FormIR.SourceLocation) { file = l.file; line = l.line; column = l.column }
    }

    /// One difference no diagnostic announced.
    struct Finding {
        var input: String
        var target: FormatID
        var change: FormChange
    }

    /// The differences of one input through one target that no diagnostic of the two steps announced.
    static func unannounced(_ input: (path: String, format: FormatID, document: InputDocument), through target: FormatID) -> [FormChange] {
        let first = Converter.convert(input.document, from: input.format, to: target)
        // Conversions that fail or do not read back are the read-back matrix's findings.
        guard let bytes = first.output, let source = first.form else { return [] }
        var second = Diagnostics()
        guard let back = Converter.read(InputDocument(name: "readback." + target.fileExtension, bytes: bytes),
                                        as: target, diagnostics: &second) else { return [] }
        let places = Places([source, back])
        let said = (first.diagnostics.items + second.items).map { ($0, Aspect.of(diagnostic: $0.id)) }
        return FormDiff.compare(source, back).changes.filter { change in
            let aspect = Aspect.of(change: change.id)
            let silent = !said.contains { $0.1.contains(aspect) && places.names($0.0, change.field) }
            if silent, ProcessInfo.processInfo.environment["NOSILENT_DEBUG"] != nil {
                let near = Set(said.filter { places.names($0.0, change.field) }.map(\.0.id)).sorted()
                print("NSDBG \(change.id) \(input.format.rawValue)>\(target.rawValue) near=\(near.joined(separator: ","))")
            }
            return silent
        }
    }

    @Test func everyChangeIdHasAnAspectAndEveryAspectKeywords() {
        for kind in DiffChangeKinds.all {
            let aspect = Aspect.of(change: kind.id)
            #expect(aspect != .structure || ["page", "section", "field"].contains(String(kind.id.prefix { $0 != "." })), "\(kind.id)")
        }
        #expect(Set(Aspect.keywords.map(\.0)) == Set(Aspect.allCases))
    }

    @Test(arguments: ReadBackMatrixTests.targets)
    func everyDifferenceIsAnnounced(_ target: FormatID) {
        var counts: [String: Int] = [:]
        for input in ReadBackMatrixTests.inputs {
            for c in Self.unannounced(input, through: target) {
                counts["\(input.format.rawValue)→\(target.rawValue) \(c.id)", default: 0] += 1
                let what: Comment = "\(input.path) → \(target.rawValue): unannounced \(c.id) of '\(c.field)': \(c.message)"
                Issue.record(what)
            }
        }
        if ProcessInfo.processInfo.environment["NOSILENT_DEBUG"] != nil {
            for (k, v) in counts.sorted(by: { $0.key < $1.key }) { print("NOSILENT \(k) \(v)") }
        }
    }
}
