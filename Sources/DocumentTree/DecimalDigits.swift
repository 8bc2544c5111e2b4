/// Writes an integer's decimal digits straight into a buffer: the one place for it, shared by the JSON
/// writer and the row schema's length patterns (a `String` interpolation cost some 2,000 instructions).
public enum DecimalDigits {
    /// The most bytes `write` puts down (`-9223372036854775808`).
    public static let maxCount = 20

    /// Writes the digits of `i` (with a leading `-` when negative) at `p`; returns the end.
    @inlinable @inline(__always)
    public static func write(_ i: Int, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var p = p
        if i < 0 { p.pointee = UInt8(ascii: "-"); p += 1 }
        var width = 1, rest = i.magnitude / 10
        while rest > 0 { width += 1; rest /= 10 }
        var v = i.magnitude
        for k in stride(from: width - 1, through: 0, by: -1) {  // backwards from the last digit
            p[k] = UInt8(truncatingIfNeeded: v % 10) + UInt8(ascii: "0")
            v /= 10
        }
        return p + width
    }
}
