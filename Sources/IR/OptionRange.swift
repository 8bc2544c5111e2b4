/// Options generated from an integer range, optionally ordered.
public struct OptionRange: Hashable, Codable, Sendable {
    /// The first value of the range.
    public var lower: Int
    /// The last value, included.
    public var upper: Int
    /// `ascending` or `descending`, when the source says.
    public var order: String?

    /// Options `lower` through `upper`, in `order` when given.
    public init(lower: Int, upper: Int, order: String? = nil) {
        self.lower = lower
        self.upper = upper
        self.order = order
    }
}

extension OptionRange {
    /// The most values an emitter writes out one by one. A larger range is reported as a loss: six
    /// bytes of MM XML (`<options>1-2000000000</options>`) must not become two billion options.
    public static let listingLimit = 100_000

    /// Whether `order` asks for the largest value first (`descending` or `d`, any case).
    public var isDescending: Bool {
        guard let order = order?.lowercased() else { return false }
        return order == "descending" || order == "d"
    }

    /// The values in the range's order; `nil` when it is reversed (`lower > upper`) or holds
    /// `listingLimit` values or more.
    public var listedValues: [Int]? {
        guard lower <= upper else { return nil }
        let (span, overflow) = upper.subtractingReportingOverflow(lower)
        guard !overflow, span < Self.listingLimit else { return nil }
        return isDescending ? Array((lower...upper).reversed()) : Array(lower...upper)
    }
}
