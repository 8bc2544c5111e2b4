import FormIR

/// Ordered comparisons of a number typed as text (an MM textField with `numericOnly` or
/// `numericWithPeriods` submits `"50000"`, `"049.5"`) with an integer bound, as an anchored ECMA-262
/// pattern: `a BT 50000` holds exactly when the text matches. Leading zeros and one decimal part are
/// understood; text that is not a number matches no comparison.
enum DigitTextComparison {
    /// The pattern of `text <op> bound`, or `nil` when `bound` is not a whole number from 0 up.
    static func pattern(_ op: ComparisonOperator, _ bound: Double) -> String? {
        guard bound >= 0, bound == bound.rounded(), bound < 1e15 else { return nil }
        let d = Array(String(Int(bound))).map { Int(String($0))! }
        let fraction = #"(?:\.[0-9]*)?"#
        let zeroFraction = #"(?:\.0*)?"#
        let nonzeroFraction = #"\.[0-9]*[1-9][0-9]*"#
        let exact = d.map(String.init).joined()
        switch op {
        case .greater:
            // `.5` (no whole part) is above 0 only.
            let bare = bound == 0 ? "|" + nonzeroFraction : ""
            return "^0*(?:(?:\(greater(d)))\(fraction)|\(exact)\(nonzeroFraction)\(bare))$"
        case .greaterOrEqual:
            let bare = bound == 0 ? #"|\.[0-9]+"# : ""
            return "^0*(?:(?:\(greater(d))|\(exact))\(fraction)\(bare))$"
        case .less, .lessOrEqual:
            // `.5` (no whole part) is below every bound from 1.
            let bare = bound >= 1 ? #"|\.[0-9]+"# : ""
            let equal = op == .lessOrEqual ? "|0*\(exact)\(zeroFraction)" : ""
            return "^(?:0*(?:\(less(d)))\(fraction)\(equal)\(bare))$"
        default:
            return nil
        }
    }

    /// Whole numbers (without leading zeros) greater than the digits `d`.
    private static func greater(_ d: [Int]) -> String {
        var alts = ["[1-9][0-9]{\(d.count),}"]
        for i in d.indices where d[i] < 9 {
            let head = d[..<i].map(String.init).joined()
            alts.append(head + digit(from: d[i] + 1, to: 9) + rest(d.count - i - 1))
        }
        return alts.joined(separator: "|")
    }

    /// Whole numbers (at least one digit, leading zeros allowed) smaller than the digits `d`.
    private static func less(_ d: [Int]) -> String {
        var alts: [String] = []
        if d.count > 1 { alts.append("[0-9]{1,\(d.count - 1)}") }
        for i in d.indices where d[i] > 0 {
            let head = d[..<i].map(String.init).joined()
            alts.append(head + digit(from: 0, to: d[i] - 1) + rest(d.count - i - 1))
        }
        return alts.isEmpty ? "(?!)" : alts.joined(separator: "|")
    }

    private static func digit(from a: Int, to b: Int) -> String { a == b ? String(a) : "[\(a)-\(b)]" }
    private static func rest(_ n: Int) -> String { n == 0 ? "" : (n == 1 ? "[0-9]" : "[0-9]{\(n)}") }
}
