#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormIR
import DocumentTree

/// The shape of an MM XML form found by a first pass over its bytes, before it is parsed: where its
/// pages stand, and the names of its pages, groups and items in order. A form is converted a page at
/// a time from it (`MMXMLPageReader`): each page is parsed and read alone, and checked against the
/// outline.
///
/// The pass (`scan`) accepts only the plain shape most forms have and leaves everything else to the
/// whole-form read: UTF-8 without byte-order mark or `\r`, no DOCTYPE, CDATA section or processing
/// instruction inside the form, no comment holding `--`; a `<form>` whose children are pages, with
/// other children only before the first page or after the last one, none of them a group or an item;
/// relationships only there; every item named (no whitespace, `&` or non-ASCII byte in a name) and
/// typed. It checks well-formedness only as far as it needs to find the pages: libxml2 parses each
/// page and any problem sends the conversion back to the whole-form read, which reports it.
public struct MMOutline: Sendable {
    public struct Page: Sendable, Equatable {
        /// The `<page …>` element, from its `<` to just past its end.
        public var range: Range<Int>
        /// Its `name` attribute, as written.
        public var name: String?
        public var sections: [Section]
        /// The line and column of its `<`.
        public var line = 0, column = 0
    }

    /// A group, or the implicit section items directly in a page make.
    public struct Section: Sendable, Equatable {
        /// The group's `name`, as written; `nil` for an implicit section.
        public var name: String?
        public var isImplicit: Bool
        /// The names of its items, in order.
        public var items: [String]
    }

    /// Just past the `<form …>` start tag.
    public var rootTagEnd: Int
    /// The line and column just past the last page.
    public var tailLine = 0, tailColumn = 0
    /// The `<` of `</form>`.
    public var rootEnd: Int
    public var pages: [Page]

    /// How many items the pages hold.
    public var itemCount: Int { pages.reduce(0) { $0 + $1.sections.reduce(0) { $0 + $1.items.count } } }

    /// Where the pages start and end: the form's other children stand before `firstPageStart` or from
    /// `lastPageEnd` on.
    public var firstPageStart: Int { pages[0].range.lowerBound }
    public var lastPageEnd: Int { pages[pages.count - 1].range.upperBound }

    /// The outline of `text`, or `nil` when it is not of the shape described above. `release` is told
    /// of each page the pass is done with, so that its memory can be let go (from two threads at once
    /// for a large text, walked in two halves: `scanInHalves`).
    public static func scan(_ text: UnsafeBufferPointer<UInt8>, release: @escaping @Sendable (Range<Int>) -> Void = { _ in }) -> MMOutline? {
        if text.count >= halvesSize, let split = splitPoint(in: text), let outline = scanInHalves(text, at: split, release: release) {
            return outline
        }
        var scanner = MMOutlineScanner(text)
        return scanner.scan(release: release)
    }

    /// Texts from this size on are scanned in two halves, on two threads.
    static let halvesSize = 1 << 20

    /// Where the second half of a two-thread scan starts: a `<page` at the start of a line (after spaces
    /// or tabs) near the middle; `nil` when none is found there.
    static func splitPoint(in text: UnsafeBufferPointer<UInt8>) -> Int? {
        let p = text.baseAddress!, n = text.count
        var i = n / 2
        let limit = min(n, i + n / 4)
        while i < limit, let q = memchr(p + i, 0x0A, limit - i) {
            var j = p.distance(to: q.assumingMemoryBound(to: UInt8.self)) + 1
            while j < n && (p[j] == 0x20 || p[j] == 0x09) { j += 1 }
            if j + 6 < n, memcmp(p + j, "<page", 5) == 0, [0x20, 0x09, 0x0A, 0x3E, 0x2F].contains(p[j + 5]) { return j }
            i = j
        }
        return nil
    }

    /// The outline from two scanners, the first from the start to `split`, the second from `split` on,
    /// on another thread; `nil` when either finds the text not of the outline's shape, or the first
    /// does not meet `split` between two children of the form (a `<page` inside a page or a comment):
    /// the caller then scans it in one.
    static func scanInHalves(_ text: UnsafeBufferPointer<UInt8>, at split: Int,
                             release: @escaping @Sendable (Range<Int>) -> Void) -> MMOutline? {
        let job = SecondHalf(text, from: split, release: release)
        let (second, first) = SideThread.run({ job.scan() }, alongside: { () -> (Int, MMOutlineScanner.Children)? in
            var scanner = MMOutlineScanner(text)
            guard let rootTagEnd = scanner.head(), let run = scanner.children(stoppingAt: split, release: release),
                  run.rootEnd == nil, !run.pages.isEmpty else { return nil }
            return (rootTagEnd, run)
        })
        guard let (rootTagEnd, head) = first.get(), let tail = second, let rootEnd = tail.rootEnd else { return nil }
        // The second scanner counted its lines from the split's.
        let shift = head.line - 1
        var outline = MMOutline(rootTagEnd: rootTagEnd, rootEnd: rootEnd, pages: head.pages)
        for var page in tail.pages {
            page.line += shift
            outline.pages.append(page)
        }
        (outline.tailLine, outline.tailColumn) = (tail.tail.line + shift, tail.tail.column)
        return outline
    }

    /// The second half's scan, handed to the other thread (the text is only read by both).
    private final class SecondHalf: @unchecked Sendable {
        let text: UnsafeBufferPointer<UInt8>
        let split: Int
        let release: @Sendable (Range<Int>) -> Void
        init(_ text: UnsafeBufferPointer<UInt8>, from split: Int, release: @escaping @Sendable (Range<Int>) -> Void) {
            self.text = text
            self.split = split
            self.release = release
        }
        func scan() -> MMOutlineScanner.Children? {
            var scanner = MMOutlineScanner(text, from: split)
            return scanner.children(pagesBefore: true, release: release)
        }
    }
}
