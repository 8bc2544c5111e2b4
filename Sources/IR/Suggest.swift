/// "Did you mean" suggestions for misspelt names (rule ids, config keys, format names, form item names).
public enum Suggest {
    /// The candidate closest to `word` by edit distance, when it is close enough to be what was meant.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }

    /// The candidates that differ from `word` in letter case only, in the candidates' order.
    public static func caseVariants(of word: String, in candidates: [String]) -> [String] {
        let lowered = word.lowercased()
        return candidates.filter { $0 != word && $0.lowercased() == lowered }
    }
}

/// Levenshtein distance between two strings, counted in characters.
public func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a), y = Array(b)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var previous = Array(0...y.count)
    var current = previous
    for i in 1...x.count {
        current[0] = i
        for j in 1...y.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[y.count]
}
