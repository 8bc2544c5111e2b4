import DocumentTree
import FormIR

/// Every localized text the page shows, numbered once: elements name their text by number
/// (`data-fc-t`, `data-fc-ph`) and the language switch rewrites them from this table.
struct HTMLTextTable {
    /// The locale the page is written in first.
    let locale: String?
    private(set) var texts: [LocalizedText] = []
    private var numbers: [LocalizedText: Int] = [:]

    init(locale: String?) { self.locale = locale }

    /// The number of `text`, adding it on first use.
    mutating func number(_ text: LocalizedText) -> Int {
        if let n = numbers[text] { return n }
        numbers[text] = texts.count
        texts.append(text)
        return texts.count - 1
    }

    /// `text` in the page's first locale (`LocalizedText.text(for:)`).
    func string(_ text: LocalizedText) -> String { text.text(for: locale) ?? "" }

    /// The table as the runtime reads it: one object per text, locale (`""` for none) → text.
    var node: Node {
        .array(texts.map { t in .object(t.entries.map { ($0.locale ?? "", .string($0.text)) }) })
    }
}
