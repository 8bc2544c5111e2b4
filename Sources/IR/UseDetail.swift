/// The text of a feature use (`"label of '\(id)'"`), kept as its pieces until a sink needs it.
///
/// Written as a string literal; the literal's parts and interpolated values are held inline (no
/// allocation) so a loss report builds each message, its prefix included, as one string instead of
/// an interpolated detail string and then the concatenation. Values read as in a `String`
/// interpolation (`String(describing:)`).
struct UseDetail: ExpressibleByStringInterpolation, StringInterpolationProtocol {
    /// Most details have at most five parts (`comparison of '`, id, `' with '`, other id, `'`); more
    /// are joined into the last.
    private var parts: (String, String, String, String, String) = ("", "", "", "", "")
    private var count = 0

    init(stringLiteral value: String) { append(value) }
    /// The detail is its own interpolation: nothing is copied from a builder when the literal ends.
    init(stringInterpolation: consuming UseDetail) { self = stringInterpolation }
    init(literalCapacity: Int, interpolationCount: Int) {}

    mutating func appendLiteral(_ literal: String) { append(literal) }
    mutating func appendInterpolation(_ value: String) { append(value) }
    mutating func appendInterpolation<T>(_ value: T) { append(String(describing: value)) }

    private mutating func append(_ s: String) {
        guard !s.isEmpty else { return }
        switch count {
        case 0: parts.0 = s
        case 1: parts.1 = s
        case 2: parts.2 = s
        case 3: parts.3 = s
        default: parts.4 += s
        }
        count = min(count + 1, 5)
    }

    /// Calls `body` with each part in order.
    private func forEachPart(_ body: (String) -> Void) {
        if count > 0 { body(parts.0) }
        if count > 1 { body(parts.1) }
        if count > 2 { body(parts.2) }
        if count > 3 { body(parts.3) }
        if count > 4 { body(parts.4) }
    }

    /// The detail as one string.
    var text: String { prefixed(by: "") }

    /// `prefix` followed by the detail, built in one allocation.
    func prefixed(by prefix: String) -> String {
        var total = prefix.utf8.count
        forEachPart { total += $0.utf8.count }
        return String(unsafeUninitializedCapacity: total) { buffer in
            var at = buffer.baseAddress!
            Self.copy(prefix, to: &at)
            if count > 0 { Self.copy(parts.0, to: &at) }
            if count > 1 { Self.copy(parts.1, to: &at) }
            if count > 2 { Self.copy(parts.2, to: &at) }
            if count > 3 { Self.copy(parts.3, to: &at) }
            if count > 4 { Self.copy(parts.4, to: &at) }
            return at - buffer.baseAddress!
        }
    }

    /// Copies the bytes of `s` to `at` and moves `at` past them. (A nested function capturing `at`
    /// would pay a run-time exclusivity check on every use.)
    private static func copy(_ s: String, to at: inout UnsafeMutablePointer<UInt8>) {
        func copy(_ utf8: UnsafeBufferPointer<UInt8>, to at: inout UnsafeMutablePointer<UInt8>) {
            guard let base = utf8.baseAddress else { return }
            at.update(from: base, count: utf8.count)
            at += utf8.count
        }
        // In place where the string has its bytes: a `var` copy for `withUTF8` cost a retain and a release.
        if s.utf8.withContiguousStorageIfAvailable({ copy($0, to: &at) }) != nil { return }
        var s = s
        s.withUTF8 { copy($0, to: &at) }
    }
}
