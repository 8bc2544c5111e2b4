import Foundation
import FormIR
import DocumentTree

/// JSON rows of a large form written by two threads: this one works out the row states and writes
/// sections from the first on, while the other runs the generic loss report and then writes sections
/// from the last one back, into a writer of its own, until the two meet (`SectionClaims`); this one
/// then appends the other's sections in order. Each section's bytes and diagnostics depend only on
/// the form and the states, so the document and the diagnostics are those of one writer: the
/// report's, then the states', the sections' in order, and the form's.
///
/// Sharing the sections as they go, rather than splitting them beforehand, lets the two end together
/// whatever the report costs against the rows: it depends on the machine and on the pages malloc gets
/// (on bench/'s big.xml, 15 ms with huge pages and 21 ms without, for 19–21 ms of rows).
extension RowSchemaEmitter {
    /// Forms with fewer fields are written on one thread: handing the states over and joining two
    /// buffers is not worth it for them.
    static let fieldsForTwoWriters = 2_000

    /// Whether `emit` writes `form` on two threads: a large form whose fields are spread over
    /// sections. When one section holds most of them, the thread writing it would end long after the
    /// other: one writer, with the report beside it, does better.
    static func writesOnTwoThreads(_ form: Form) -> Bool {
        var total = 0, largest = 0, sections = 0
        for pi in form.pages.indices {
            for si in form.pages[pi].sections.indices {
                let n = form.pages[pi].sections[si].fields.count
                total += n
                largest = max(largest, n)
                sections += 1
            }
        }
        return total >= fieldsForTwoWriters && sections > 1 && largest * 2 <= total
    }

    /// The JSON document of `form` and its diagnostics (appended to `diagnostics`), written by two
    /// threads. `firstSections` (for tests) makes the split fixed: this thread writes that many sections
    /// and the other the rest; by default they share them as they go.
    func twoThreadJSON(_ form: Form, locale: String?, firstSections: Int? = nil, diagnostics: inout Diagnostics) -> [UInt8] {
        let target = formatID, supported = supportedFeatures
        let places = RowSchemaDocumentWriter.places(of: form)
        precondition(places.count > 1, "two writers need two sections")
        let claims = SectionClaims(count: places.count, firstSections: firstSections)
        let states = Handoff<RowSchemaStates>()
        // The caller's diagnostics move to the other thread, which reports into them: appending the
        // report's 40,000 diagnostics here afterwards cost this thread some 4 M instructions on big.xml.
        let carried = Handoff<Diagnostics>()
        // The other thread's two large blocks, its diagnostics' room (the report makes about 1.3 losses
        // a field on bench/'s big.xml) and its output's, are made here: in this thread's heap they
        // reuse what the reading freed (the input, the document's records), where in the other
        // thread's malloc arena they took fresh memory (peak RSS 88 → 82 MB on big.xml, 257 → 244 MB
        // on its 4× version, with huge pages).
        diagnostics.reserveCapacity(diagnostics.items.count + 2 * form.fieldCount)
        let laterOutput = Handoff<JSONStreamWriter>()
        // It writes inside the `sections` array of the document object, after this thread's first section.
        laterOutput.put(JSONStreamWriter(pretty: true, capacity: Self.jsonCapacity(rows: form.fieldCount / 2),
                                         continuingAtDepth: 2, afterValues: true))
        carried.put(diagnostics)
        diagnostics = Diagnostics()
        var (later, earlier) = SideThread.run({
            var found = carried.take()
            LossCheck.report(form, supported: supported, target: target, keepingExtensions: ["rowschema"], into: &found)
            var writer = RowSchemaDocumentWriter(form: form, target: target, locale: locale, states: states.take())
            var out = RowSchemaOutput(laterOutput.take())
            // Each section written, the last first: its bytes and its diagnostics.
            var written: [(part: JSONStreamWriter.Part, diagnostics: Range<Int>)] = []
            while let place = claims.fromBack() {
                let start = out.sink.position, firstDiagnostic = writer.diagnostics.items.count
                writer.section(at: places[place], into: &out)
                written.append((out.sink.part(since: start), firstDiagnostic..<writer.diagnostics.items.count))
            }
            return (reported: found, diagnostics: writer.diagnostics, sink: out.sink, written: written)
        }, alongside: {
            var writer = RowSchemaDocumentWriter(form: form, target: target, locale: locale)
            states.put(writer.states)
            var out = RowSchemaOutput(JSONStreamWriter(pretty: true, capacity: Self.jsonCapacity(rows: writer.states.rowCount)))
            writer.documentHead(into: &out)
            while let place = claims.fromFront() { writer.section(at: places[place], into: &out) }
            return (writer, out)
        })
        // `earlier` consumed: a copy left in it would share the output buffer, copied whole at the next write.
        var (writer, out) = (consume earlier).get()
        swap(&diagnostics, &later.reported)  // not a copy: appending to a shared array would copy it whole
        diagnostics.append(contentsOf: writer.diagnostics.items)  // the states' and this thread's sections'
        for section in later.written.reversed() {
            out.sink.append(later.sink, part: section.part)
            diagnostics.append(contentsOf: later.diagnostics.items[section.diagnostics])
        }
        writer.diagnostics = Diagnostics()
        writer.documentTail(into: &out)
        diagnostics.append(contentsOf: writer.diagnostics.items)
        return out.sink.finish()
    }
}

/// The sections two writers share: one takes them from the first on, the other from the last back,
/// until they meet. The first section is always the first writer's (it follows the document's head).
final class SectionClaims: @unchecked Sendable {
    private let lock = NSLock()
    private var front = 0, back: Int
    /// Where the first writer stops and the second does: set for a fixed split, else where they meet.
    private let boundary: Int?

    init(count: Int, firstSections: Int? = nil) {
        back = count
        boundary = firstSections.map { min(max($0, 1), count) }
    }

    /// The next section for the first writer, or `nil` when none is left for it.
    func fromFront() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard front < min(back, boundary ?? back) else { return nil }
        front += 1
        return front - 1
    }

    /// The next section (going back) for the second writer, or `nil` when none is left for it.
    func fromBack() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard back > max(front, boundary ?? 1) else { return nil }
        back -= 1
        return back
    }
}
