import Foundation
import FormIR
import MMXML
import Emitters

/// The conversion of a large MM XML form to the row schema's JSON a page at a time, in memory that
/// does not grow with the form: a first pass finds the pages (`MMOutline`), the form's other parts and
/// relationships are read, then each page is parsed, read and written on its own, on all cores, its
/// sections going to the destination as they are made and its diagnostics kept compactly
/// (`DiagnosticLog`) until they are put in order at the end.
///
/// The output and the diagnostics are those of the whole-form conversion, byte for byte and in order:
/// whatever the first pass cannot vouch for (see `MMOutline`), and any page that does not read as its
/// outline says, sends the input to the whole-form conversion, which reports every problem as always.
/// An input with an error writes nothing, as always: the output is made in a temporary file beside
/// the destination (or, for standard output, in an unlinked one, copied out at the end).
public enum PageWiseConversion {
    /// Hands the memory the pages freed back to the system before the diagnostics are put together:
    /// the command sets it (glibc's `malloc_trim`), a library leaves it alone. Memory freed on the other
    /// thread stays in its malloc arena, where this thread's allocations cannot reuse it.
    nonisolated(unsafe) public static var releaseFreedMemory: (@Sendable () -> Void)?

    /// Smaller inputs are converted whole: their memory is mostly the process's own.
    public static let minimumSize = 1 << 20

    /// Whether `job` may be converted a page at a time as far as the command line and the file's kind
    /// and size tell (the file's content may still send it to the whole-form conversion).
    /// `FORMCONV_PAGEWISE=0` in the environment says no to every input.
    public static func mayApply(to job: ConversionJob, settings: ConversionSettings, minimumSize: Int = minimumSize) -> Bool {
        guard settings.to == .json, settings.from == nil || settings.from == .mmxml, job.input != "-",
              job.collidesWith == nil, getenv("FORMCONV_PAGEWISE").map({ String(cString: $0) }) != "0",
              case .regular(let size)? = InputLoader.fileKind(job.input) else { return false }
        return size >= max(minimumSize, 1) && size <= settings.maxInputSize
    }

    /// `outcome` (the job's, with what came before the conversion) completed by converting the job a
    /// page at a time; `nil` when it is not converted that way, the caller then converting it whole.
    static func run(_ job: ConversionJob, settings: ConversionSettings, outcome: FileOutcome,
                    minimumSize: Int = minimumSize) -> FileOutcome? {
        guard mayApply(to: job, settings: settings, minimumSize: minimumSize),
              let (found, output) = convertPages(job, settings: settings, name: outcome.input, minimumSize: minimumSize)
        else { return nil }
        releaseFreedMemory?()
        // Everything but the diagnostics is gone: they are put in the whole-form conversion's order.
        var result = outcome
        var all = Diagnostics()
        all.reserveCapacity(outcome.diagnostics.count + found.count)
        all.append(contentsOf: settings.keepsWarnings ? outcome.diagnostics : outcome.diagnostics.filter { $0.severity == .error })
        for var part in found.parts { part.drain { all.append($0) } }
        if !settings.keepsWarnings {
            // The errors are kept, the rest was counted as it was found.
            var counts = found.skipped
            counts.add(FindingCounts(outcome.diagnostics.filter { $0.severity != .error }))
            counts.add(FindingCounts(all.items))
            result.counts = counts
        }
        result.format = .mmxml
        if all.hasErrors {
            output.discard()
            result.status = all.items.contains { $0.id.hasPrefix("internal.") } ? .internalError : .failure
        } else {
            switch output.finish() {
            case .success(let spool):
                result.standardOutputSpool = spool
                result.status = .success
            case .failure(let problem):
                all.append(Diagnostic(.error, id: problem.id, problem.message))
                result.counts?.add(.error, isLoss: false)
                result.status = .cannotCreate
            }
        }
        result.diagnostics = all.items
        return result
    }

    /// What the conversion found, in the whole-form conversion's order: the reader's (the form's head,
    /// the pages', the form's tail, the relationships', the unknown references of the pages and of the
    /// relationships), the loss report's (the form's own uses, the pages', the rules', the foreign
    /// extensions of the form, of the pages and of the rules), the row writer's (the states', the
    /// pages', the document end's).
    private struct Found {
        var parts: [DiagnosticLog]
        /// What was only counted (a run that keeps no warnings).
        var skipped: FindingCounts
        var count: Int { parts.reduce(0) { $0 + $1.count } }
    }

    /// Where diagnostics go: all into a log, or for a run that keeps no warnings (`--quiet` without a
    /// report) only the errors, the rest counted: a quiet run neither logs nor reads back its losses.
    private struct Keeper: Sendable {
        let warnings: Bool

        func log(_ ds: [Diagnostic], counting skipped: inout FindingCounts) -> DiagnosticLog {
            var log = DiagnosticLog()
            ds.withUnsafeBufferPointer { all in
                for i in all.indices {
                    if warnings || all[i].severity == .error { log.append(all[i]) }
                    else { skipped.add(all[i].severity, isLoss: all[i].loss != nil) }
                }
            }
            return log
        }
    }

    /// Converts the pages into an output it makes; `nil` when the input is not of a shape to (nothing is
    /// left then). Everything it holds is freed when it returns, but what it found and the output.
    private static func convertPages(_ job: ConversionJob, settings: ConversionSettings, name: String,
                                     minimumSize: Int) -> (Found, Output)? {
        guard let file = MappedFile(path: job.input),
              file.buffer.count >= max(minimumSize, 1), file.buffer.count <= settings.maxInputSize,
              settings.from == .mmxml
                || FormatDetector.detect(name: name, bytes: Array(file.buffer.prefix(FormatDetector.headSize))) == .mmxml,
              let outline = MMOutline.scan(file.buffer, release: { [file] in file.release($0) }),
              let names = Names(outline) else { return nil }
        // Read again a page at a time, into the memory of each page's parse.
        file.unmap()
        let ids = names.ids
        let reader = MMXMLPageReader(outline: outline, copy: { file.copy($0, to: $1) }, file: name, isItem: { ids.ordinal(of: $0) != nil })
        // The form's parts and relationships, and the rows' states, on this thread; the first pages read
        // on the other meanwhile (a few: each is held until its rows can be written).
        let prefetch = Prefetch(reader, limit: Prefetch.pages)
        let (_, prepared) = SideThread.run({ prefetch.run() }, alongside: { () -> (FormPart: MMXMLPageReader.FormPart, writer: RowSchemaPageWriter, states: Diagnostics)? in
            defer { prefetch.stop() }
            guard let formPart = reader.readForm() else { return nil }
            var statesDiagnostics = Diagnostics()
            let writer = RowSchemaPageWriter(form: formPart.form, ids: ids, rowCount: names.rowCount, sections: names.sections,
                                             locale: settings.emitOptions.locale ?? formPart.form.defaultLocale,
                                             diagnostics: &statesDiagnostics)
            return (formPart, writer, statesDiagnostics)
        })
        guard let (formPart, writer, statesDiagnostics) = prepared.get(), let output = Output(job.destination) else { return nil }
        let document = writer.document()
        output.write(document.head())

        let pages = PageResults()
        let abandoned = Flag()
        let starts = names.pageStarts
        let keeper = Keeper(warnings: settings.keepsWarnings)
        ParallelInOrder.run(count: outline.pages.count, { index -> PageResult? in
            guard !abandoned.isSet, let read = prefetch.take(index) ?? reader.readPage(index) else {
                abandoned.set()
                return nil
            }
            let written = writer.page(read.page, index: index, firstSection: starts[index].section, firstOrdinal: starts[index].ordinal)
            return PageResult(read, written, keeper)
        }) { _, result in
            guard let result, !abandoned.isSet else { return abandoned.set() }
            output.write(result.bytes)
            pages.add(result)
        }
        guard !abandoned.isSet else {
            output.discard()
            return nil
        }
        let (tail, tailDiagnostics) = document.tail(afterSections: names.sections.count)
        output.write(tail)
        var skipped = pages.skipped
        func log(_ ds: [Diagnostic]) -> DiagnosticLog { keeper.log(ds, counting: &skipped) }
        let locales = pages.locales.union(formPart.form.locales).sorted()
        return (Found(parts: [
            log(formPart.head), pages.read, log(formPart.tail), log(formPart.relationships), pages.pending, log(formPart.pending),
            log(writer.formLevelLosses(locales: locales, pages: outline.pages.count).items), pages.report,
            log(writer.ruleLossesAndFormExtensions().items), pages.extensions, log(writer.ruleExtensionLosses().items),
            log(statesDiagnostics.items), pages.rows, log(tailDiagnostics.items),
        ], skipped: skipped), output)
    }

    /// The outline's names checked to be all different (the whole-form read reports a name used twice)
    /// and numbered: the items by ordinal, the sections' shapes, where each page's sections and rows start.
    private struct Names {
        var ids: RowIDTable
        var rowCount = 0
        var sections: [RowSchemaPageWriter.SectionShape] = []
        var pageStarts: [(section: Int, ordinal: Int)] = []

        init?(_ outline: MMOutline) {
            ids = RowIDTable(capacity: outline.itemCount)
            for page in outline.pages {
                pageStarts.append((sections.count, rowCount))
                for section in page.sections {
                    for item in section.items {
                        guard ids.ordinal(of: item, next: rowCount) == rowCount else { return nil }
                        rowCount += 1
                    }
                    sections.append(.init(page: page.name, section: section.name, rows: section.items.count))
                }
            }
            var containers = Set<String>()
            for page in outline.pages {
                for name in [page.name] + page.sections.map(\.name) {
                    guard let name else { continue }
                    guard ids.ordinal(of: name) == nil, containers.insert(name).inserted else { return nil }
                }
            }
        }
    }

    /// What a page gives: its bytes, and its diagnostics in compact logs by where they go.
    private struct PageResult: Sendable {
        var bytes: [UInt8]
        var read = DiagnosticLog(), pending = DiagnosticLog(), report = DiagnosticLog()
        var extensions = DiagnosticLog(), rows = DiagnosticLog()
        var locales: [String]
        var skipped = FindingCounts()

        init(_ read: MMXMLPageReader.PagePart, _ written: RowSchemaPageWriter.PageOutput, _ keeper: Keeper) {
            bytes = written.bytes
            self.read = keeper.log(read.diagnostics, counting: &skipped)
            pending = keeper.log(read.pending, counting: &skipped)
            report = keeper.log(written.report.items, counting: &skipped)
            extensions = keeper.log(written.extensions.items, counting: &skipped)
            rows = keeper.log(written.rows.items, counting: &skipped)
            locales = written.locales
        }
    }

    /// The pages' logs, joined in page order (on the thread the results come back on); the large ones
    /// kept in temporary files.
    private final class PageResults {
        var read = DiagnosticLog(), pending = DiagnosticLog(), report = DiagnosticLog.spilling()
        var extensions = DiagnosticLog.spilling(), rows = DiagnosticLog.spilling()
        var locales = Set<String>()
        var skipped = FindingCounts()

        func add(_ page: PageResult) {
            skipped.add(page.skipped)
            read.append(contentsOf: page.read)
            pending.append(contentsOf: page.pending)
            report.append(contentsOf: page.report)
            extensions.append(contentsOf: page.extensions)
            rows.append(contentsOf: page.rows)
            locales.formUnion(page.locales)
        }
    }

    /// The first pages, read on another thread while the form's other parts are: `take` hands each over.
    private final class Prefetch: @unchecked Sendable {
        /// How many pages are read ahead at most: about 400 KB of IR each for bench/'s big.xml.
        static let pages = 4
        private let reader: MMXMLPageReader
        private let limit: Int
        private let lock = NSLock()
        private var stopped = false
        /// Page `k` read (or found unreadable: `.some(nil)`), until taken.
        private var read: [MMXMLPageReader.PagePart??]

        init(_ reader: MMXMLPageReader, limit: Int) {
            self.reader = reader
            self.limit = min(limit, reader.outline.pages.count)
            read = Array(repeating: nil, count: self.limit)
        }

        /// Reads pages from the first on, until `limit` or `stop`.
        func run() {
            for k in 0..<limit {
                if lock.withLock({ stopped }) { return }
                let part = reader.readPage(k)
                lock.withLock { read[k] = .some(part) }
            }
        }

        func stop() { lock.withLock { stopped = true } }

        /// Page `index` as read ahead: `nil` when it was not (the caller reads it).
        func take(_ index: Int) -> MMXMLPageReader.PagePart?? {
            guard index < limit else { return nil }
            return lock.withLock {
                defer { read[index] = nil }
                return read[index]
            }
        }
    }

    /// Set once, by any thread: a page did not read as its outline says.
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
        func set() { lock.lock(); value = true; lock.unlock() }
    }

    /// Where the output goes as it is made: a file put in place at the end, or a spool for standard output.
    private final class Output {
        private let file: AtomicFile?
        private let spool: OutputSpool?

        init?(_ destination: Destination) {
            switch destination {
            case .file(let path):
                guard case .success(let f) = AtomicFile.create(at: path) else { return nil }
                (file, spool) = (f, nil)
            case .standardOutput:
                guard let s = OutputSpool() else { return nil }
                (file, spool) = (nil, s)
            }
        }

        func write(_ bytes: [UInt8]) {
            file?.write(bytes)
            spool?.write(bytes)
        }

        func discard() { file?.discard() }

        /// The file put in place, or the spool to copy to standard output.
        func finish() -> Result<OutputSpool?, OutputProblem> {
            if let file { return file.commit().map { nil } }
            if let failure = spool?.failure { return .failure(OutputProblem(path: "standard output", reason: failure)) }
            return .success(spool)
        }
    }
}
