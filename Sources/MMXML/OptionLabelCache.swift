import FormIR

/// The one-entry labels of the options read lately, for an option with the same label to share: a
/// form repeats the same few option texts (`Yes`, `No`, …) on item after item. Kept by the option's
/// position in its field, a few labels a position (costs: bench/RESULTS.md, "Cost notes").
struct OptionLabelCache {
    private static let positions = 8, ways = 4
    private var slots = [LocalizedText?](repeating: nil, count: positions * ways)
    /// The way each position replaces next.
    private var next = [Int](repeating: 0, count: positions)

    /// A label holding only `entry`, shared with an earlier option at `position` when one had that label.
    mutating func label(_ entry: LocalizedText.Entry, position: Int) -> LocalizedText {
        let p = position % Self.positions, first = p * Self.ways
        for i in first..<first + Self.ways {
            guard let known = slots[i] else { break }
            if known.entries[0].text == entry.text, known.entries[0].locale == entry.locale { return known }
        }
        let label = LocalizedText([entry])
        slots[first + next[p]] = label
        next[p] = (next[p] + 1) % Self.ways
        return label
    }
}
