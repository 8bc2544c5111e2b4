import Foundation
import FormIR

/// A large form's pages read on two cores: a run of `<page>` children from the middle of the form on
/// (up to the next child that is not a page) is read by a worker with a `ReadSession` of its own
/// while this session reads the children before it; the children after the run are read once the
/// worker's pages, relationships, names, references and diagnostics are merged. The result is the
/// sequential read's, diagnostics included: the worker records its declarations instead of checking
/// them, and the merge replays them against the names declared before, putting each duplicate error
/// where the sequential read would have. Everything else a page reads is local to the page or only
/// looked at once the whole form is read (references, relationships, `repeat` targets).
extension ReadSession {
    /// Documents with fewer elements are read on one thread: below this a thread costs more than it
    /// saves (a 3,000-item form has about 20,000 elements and reads in ~40 M instructions).
    static let parallelThreshold = 4_000

    /// A name a worker declared, checked by the merge.
    struct Declaration {
        var name: String
        var kind: NameKind
        var location: SourceLocation
        var path: DeclarationPath
        /// How many diagnostics the worker had when it declared the name: where a duplicate error goes.
        var diagnosticIndex: Int
        /// Whether the worker had not declared the name before.
        var isFirst: Bool
    }

    /// The path a duplicate error gives: a container's (made anyway) or an item's, made only when needed.
    enum DeclarationPath {
        case built(String)
        case item(SectionPath)

        func path(name: String) -> String {
            switch self {
            case .built(let path): path
            case .item(let section): ItemContext(name: name, type: nil, section: section).path
            }
        }
    }

    /// A worker's `declare`: keeps the first declaration of each name and records this one.
    func record(_ name: String, kind: NameKind, at location: SourceLocation, path: DeclarationPath) {
        var isFirst = true
        if let first = names.updateValue((kind, location), forKey: name) {
            names[name] = first
            isFirst = false
        }
        declarations!.append(Declaration(name: name, kind: kind, location: location, path: path,
                                         diagnosticIndex: diagnostics.items.count, isFirst: isFirst))
    }

    /// The element indices of the children to read on another thread: from the child holding the
    /// middle element of the pages (from the first page's start to the last one's end) to the next
    /// child that is not a `<page>`; `nil` when the document has fewer than `threshold` elements, no
    /// page stands there, or it is the first page.
    func parallelRun(_ children: MMElement.Children, threshold: Int) -> Range<Int>? {
        guard document.elements.count >= threshold else { return nil }
        // The pages' span rather than the document's: relationships at the end are only collected.
        var pages: Range<Int>?
        for i in children.indices where children[i].name == "page" {
            pages = (pages?.lowerBound ?? i)..<children.index(after: i)
        }
        guard let pages else { return nil }
        // The middle of the pages' span: the relationships, read on this thread after the merge, cannot
        // overlap the worker, so they do not count.
        let middle = (pages.lowerBound + pages.upperBound) / 2
        var start = children.startIndex
        while start < children.endIndex, children.index(after: start) <= middle { start = children.index(after: start) }
        var end = start
        while end < children.endIndex, children[end].name == "page" { end = children.index(after: end) }
        // A run from the first page leaves this thread nothing to read alongside.
        return end > start && start > pages.lowerBound ? start..<end : nil
    }

    /// Reads the form's children with the pages of `run` read by a worker on another thread.
    func readChildren(_ children: MMElement.Children, parallelRun run: Range<Int>, into form: inout Form,
                      relationships: inout [MMElement]) {
        let before = children[children.startIndex..<run.lowerBound]
        let job = PageJob(session: ReadSession(workerOf: self, declarableCount: declarableCount / 2 + 16),
                          pages: children[run], firstIndex: Self.pagesMade(by: before))
        _ = SideThread.run({ job.read() }, alongside: { readChildren(before, into: &form, relationships: &relationships) })
        assert(form.pages.count == job.firstIndex)
        form.pages.append(contentsOf: job.readPages)
        relationships.append(contentsOf: job.relationships)
        merge(job.session)
        let after = children[run.upperBound...]
        if after.contains(where: { ["page", "group", "item"].contains($0.name) }) {
            // Later declarations are checked against `names` alone.
            names.merge(laterNames) { first, _ in first }
            laterNames = [:]
        }
        readChildren(after, into: &form, relationships: &relationships)
    }

    /// How many pages reading `children` makes (`readChildren`: each `<page>`, and an implicit page
    /// for a group or item that does not follow one).
    static func pagesMade(by children: Slice<MMElement.Children>) -> Int {
        var pages = 0, lastIsImplicit = false
        for child in children {
            switch child.name {
            case "page": pages += 1; lastIsImplicit = false
            case "group", "item":
                if !lastIsImplicit { pages += 1; lastIsImplicit = true }
            default: break
            }
        }
        return pages
    }

    /// Takes a worker's diagnostics, with the duplicate errors of its declarations put in place, and
    /// its names, references and flags.
    private func merge(_ worker: ReadSession) {
        let items = worker.diagnostics.items
        var next = 0
        for d in worker.declarations ?? [] {
            guard let first = names[d.name] ?? (d.isFirst ? nil : worker.names[d.name]) else { continue }
            diagnostics.append(contentsOf: Array(items[next..<d.diagnosticIndex]))
            next = d.diagnosticIndex
            reportDuplicate(d.name, kind: d.kind, at: d.location, path: d.path.path(name: d.name), first: first)
        }
        diagnostics.append(contentsOf: next == 0 ? items : Array(items[next...]))
        pendingReferences.append(contentsOf: worker.pendingReferences)
        hasRepeatValidation = hasRepeatValidation || worker.hasRepeatValidation
        laterNames = worker.names
    }

    /// What the worker reads and what it leaves: written by the worker, read once `SideThread.run` has
    /// waited for it (which orders the writes before the reads). The document is only read by both threads.
    private final class PageJob: @unchecked Sendable {
        let session: ReadSession
        let pages: Slice<MMElement.Children>
        let firstIndex: Int
        var readPages: [Page] = []
        var relationships: [MMElement] = []

        init(session: ReadSession, pages: Slice<MMElement.Children>, firstIndex: Int) {
            self.session = session
            self.pages = pages
            self.firstIndex = firstIndex
        }

        func read() {
            readPages.reserveCapacity(pages.count)
            for page in pages {
                readPages.append(session.readPage(page, index: firstIndex + readPages.count, relationships: &relationships))
            }
        }
    }
}
