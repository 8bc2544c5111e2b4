/// "Did you mean" suggestions for misspelt names (rule ids, config keys, format names).
public enum Suggest {
    /// The candidate closest to `word` by edit distance, when it is close enough to be what was meant.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }
}
