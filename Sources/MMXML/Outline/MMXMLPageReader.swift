#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormIR
import DocumentTree

/// Reads an MM XML form a page at a time, from its `MMOutline`: the form without its pages (its
/// attributes, the children before and after the pages, the relationships) with `readForm`, and
/// each page alone with `readPage`, in any order and on any thread. What they read is what
/// `MMXMLReader` reads of the whole form, diagnostics included, put in its order by the caller:
/// `FormPart.head`, each page's `diagnostics`, `FormPart.tail`, `FormPart.relationships`, each
/// page's `pending`, then `FormPart.pending`.
///
/// Either gives `nil` where the page or the form is not what the outline promised (it does not parse,
/// it uses the legacy format, a `repeat` validation, relationships inside a page, names other than
/// the outline's): the caller then reads the whole form.
public final class MMXMLPageReader: @unchecked Sendable {
    public let outline: MMOutline
    /// Reads a stretch of the document into memory of the reader's; `false` when it cannot.
    public typealias Copy = @Sendable (_ range: Range<Int>, _ to: UnsafeMutablePointer<UInt8>) -> Bool
    private let copy: Copy
    private let file: String
    private let names: @Sendable (String) -> ReadSession.NameKind?

    /// `copy` reads the document's bytes (the pages are read one at a time, never all together);
    /// `isItem` tells whether a name is an item's in the whole form (the outline's items).
    public init(outline: MMOutline, copy: @escaping Copy, file: String, isItem: @escaping @Sendable (String) -> Bool) {
        self.outline = outline
        self.copy = copy
        self.file = file
        var containers: [String: ReadSession.NameKind] = [:]
        for page in outline.pages {
            for section in page.sections { if let name = section.name { containers[name] = .group } }
        }
        for page in outline.pages { if let name = page.name { containers[name] = .page } }
        let kinds = containers
        names = { name in isItem(name) ? .item : kinds[name] }
    }

    /// The form without its pages, its rules read.
    public struct FormPart: Sendable {
        public var form: Form
        /// What the form's attributes and its children before the pages gave.
        public var head: [Diagnostic]
        /// What its children after the pages gave.
        public var tail: [Diagnostic]
        /// What its relationships gave.
        public var relationships: [Diagnostic]
        /// The unknown names the relationships reference.
        public var pending: [Diagnostic]
    }

    /// The relationships are read on this thread only: the caller's other thread reads pages meanwhile.
    public func readForm() -> FormPart? {
        let split = outline.firstPageStart + 1
        guard let window = joined(outline.firstPageStart, outline.lastPageEnd..<outline.rootEnd),
              let document = ElementTreeBuilder.parseWindow(window, resume: XMLContentAnchor(offset: split, line: outline.tailLine, column: outline.tailColumn),
                                                            file: file),
              !document.summary.usesLegacySpelling else { return nil }
        let session = session(for: document)
        let root = document.root
        var form = Form(location: root.location)
        var relationships: [MMElement] = []
        session.readFormAttributes(root, into: &form)
        let children = root.children
        let tailStart = children.firstIndex { $0.content.offset >= split } ?? children.endIndex
        session.readChildren(children[children.startIndex..<tailStart], into: &form, relationships: &relationships)
        let headEnd = session.diagnostics.items.count
        // References made before the pages would be checked before theirs.
        guard session.pendingReferences.isEmpty else { return nil }
        session.readChildren(children[tailStart...], into: &form, relationships: &relationships)
        let tailEnd = session.diagnostics.items.count
        guard form.pages.isEmpty, !session.hasRepeatValidation else { return nil }
        form.rules = session.readRelationships(relationships, parallelThreshold: .max)
        let relationshipsEnd = session.diagnostics.items.count
        session.checkPendingReferences()
        let all = session.diagnostics.items
        return FormPart(form: form, head: Array(all[..<headEnd]), tail: Array(all[headEnd..<tailEnd]),
                        relationships: Array(all[tailEnd..<relationshipsEnd]), pending: Array(all[relationshipsEnd...]))
    }

    /// A page, read alone.
    public struct PagePart: Sendable {
        public var page: Page
        /// What reading it gave.
        public var diagnostics: [Diagnostic]
        /// The unknown names its fields reference.
        public var pending: [Diagnostic]
    }

    /// Page `index` of the outline.
    public func readPage(_ index: Int) -> PagePart? {
        let expected = outline.pages[index]
        guard let window = joined(outline.rootTagEnd, expected.range),
              let document = ElementTreeBuilder.parseWindow(window, resume: XMLContentAnchor(offset: outline.rootTagEnd + 1, line: expected.line, column: expected.column),
                                                            file: file),
              !document.summary.usesLegacySpelling else { return nil }
        let children = document.root.children
        guard let element = children.first, element.name == "page", children.index(after: children.startIndex) == children.endIndex else { return nil }
        let session = session(for: document)
        var relationships: [MMElement] = []
        let page = session.readPage(element, index: index, relationships: &relationships)
        guard relationships.isEmpty, !session.hasRepeatValidation, Self.page(page, matches: expected) else { return nil }
        let readEnd = session.diagnostics.items.count
        session.checkPendingReferences()
        let all = session.diagnostics.items
        return PagePart(page: page, diagnostics: Array(all[..<readEnd]), pending: Array(all[readEnd...]))
    }

    private func session(for document: MMDocument) -> ReadSession {
        let session = ReadSession(file: file, document: document)
        session.outlineNames = names
        return session
    }

    /// The document's bytes up to `prefix`, a space, then the bytes of `rest`: the window
    /// `ElementTreeBuilder.parseWindow` reads, resuming after the space.
    private func joined(_ prefix: Int, _ rest: Range<Int>) -> [UInt8]? {
        var read = true
        let window = [UInt8](unsafeUninitializedCapacity: prefix + 1 + rest.count) { buffer, count in
            let to = buffer.baseAddress!
            read = copy(0..<prefix, to) && copy(rest, to + prefix + 1)
            to[prefix] = 0x20
            count = read ? prefix + 1 + rest.count : 0
        }
        return read ? window : nil
    }

    /// Whether the page read has the outline's names: its own, its sections' and its fields'.
    static func page(_ page: Page, matches expected: MMOutline.Page) -> Bool {
        guard !page.isImplicit, page.id == expected.name, page.sections.count == expected.sections.count else { return false }
        for (section, outlined) in zip(page.sections, expected.sections) {
            let implicit = section.extensions[MMKey.implicit] == .bool(true)
            guard implicit == outlined.isImplicit, section.id == outlined.name,
                  section.fields.count == outlined.items.count else { return false }
            for (field, name) in zip(section.fields, outlined.items) where field.id != name { return false }
        }
        return true
    }
}
