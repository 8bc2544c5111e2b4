import FormIR
import DocumentTree

/// JSON rows of a large form written by two threads: this one works out the row states and writes
/// the first sections while the other runs the generic loss report and then writes the later
/// sections into a writer of its own, which this one appends. Each section's bytes and diagnostics
/// depend only on the form and the states, so the document and the diagnostics are those of one
/// writer: the report's, then the states', the earlier sections', the later sections' and the form's.
extension RowSchemaEmitter {
    /// Forms with fewer fields are written on one thread: handing the states over and joining two
    /// buffers is not worth it for them.
    static let fieldsForTwoWriters = 2_000

    /// What the row states and the loss report take, in units of the time writing all rows takes: the
    /// split point is chosen so that this thread's share (states and first rows) and the other's (report
    /// and later rows) end together. Measured in wall time on bench/ big.xml (states ~9 ms, report
    /// ~25 ms, rows ~24 ms): the report allocates 40,000 diagnostics and walks an IR another thread
    /// built, so it runs at about half the row writer's instructions per second, and instruction
    /// counts (55 M, 137 M, 251 M) would give the other thread twice its share.
    static let statesCost = 0.40, reportCost = 1.05

    /// The place (sections numbered across pages, in order) of the first section the second thread
    /// writes, or `nil` when the form is written on one thread: a small form, or one whose sections
    /// split nowhere near evenly (one huge section).
    static func splitPlace(of form: Form) -> Int? {
        var counts: [Int] = []
        for pi in form.pages.indices {
            for si in form.pages[pi].sections.indices { counts.append(form.pages[pi].sections[si].fields.count) }
        }
        let total = counts.reduce(0, +)
        guard total >= fieldsForTwoWriters, counts.count > 1 else { return nil }
        // Each thread's share with the first `place` sections on this one; one thread alone costs
        // statesCost + 1 here.
        var best: (place: Int, cost: Double)? = nil
        var before = 0
        for place in 1..<counts.count {
            before += counts[place - 1]
            let first = Double(before) / Double(total)
            let cost = max(statesCost + first, reportCost + 1 - first)
            if cost < best?.cost ?? statesCost + 1 { best = (place, cost) }
        }
        return best?.place
    }

    /// The JSON document of `form` and its diagnostics (appended to `diagnostics`), the sections from
    /// `place` on written by a second thread after the loss report.
    func twoThreadJSON(_ form: Form, locale: String?, splittingAt place: Int, diagnostics: inout Diagnostics) -> [UInt8] {
        precondition(place > 0, "this thread writes at least one section")
        let target = formatID, supported = supportedFeatures
        let states = Handoff<RowSchemaStates>()
        // The caller's diagnostics move to the other thread, which reports into them: appending the
        // report's 40,000 diagnostics here afterwards cost this thread some 4 M instructions on big.xml.
        let carried = Handoff<Diagnostics>()
        carried.put(diagnostics)
        diagnostics = Diagnostics()
        var (later, earlier) = SideThread.run({
            var found = carried.take()
            LossCheck.report(form, supported: supported, target: target, keepingExtensions: ["rowschema"], into: &found)
            var writer = RowSchemaDocumentWriter(form: form, target: target, locale: locale, states: states.take())
            // Inside the `sections` array of the document object, after the first thread's sections.
            let rows = writer.states.rowCount
            var out = RowSchemaOutput(JSONStreamWriter(pretty: true, capacity: 4096 + 320 * rows / 2,
                                                       continuingAtDepth: 2, afterValues: true))
            writer.sections(place..<Int.max, into: &out)
            return (reported: found, diagnostics: writer.diagnostics, sink: out.sink)
        }, alongside: {
            var writer = RowSchemaDocumentWriter(form: form, target: target, locale: locale)
            states.put(writer.states)
            var out = RowSchemaOutput(JSONStreamWriter(pretty: true, capacity: 4096 + 320 * writer.states.rowCount))
            writer.documentHead(into: &out)
            writer.sections(0..<place, into: &out)
            return (writer, out)
        })
        // `earlier` consumed: a copy left in it would share the output buffer, copied whole at the next write.
        var (writer, out) = (consume earlier).get()
        swap(&diagnostics, &later.reported)  // not a copy: appending to a shared array would copy it whole
        diagnostics.append(contentsOf: writer.diagnostics.items)  // the states' and the earlier sections'
        diagnostics.append(contentsOf: later.diagnostics.items)
        writer.diagnostics = Diagnostics()
        out.sink.append(later.sink)
        writer.documentTail(into: &out)
        diagnostics.append(contentsOf: writer.diagnostics.items)
        return out.sink.finish()
    }
}
