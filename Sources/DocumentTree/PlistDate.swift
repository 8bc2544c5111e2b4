/// Dates as plists store them: binary plists count seconds since 2001-01-01T00:00:00Z, XML plists
/// write ISO 8601 text (`2024-03-01T12:00:00Z`).
enum PlistDate {
    /// Seconds from 1970-01-01 to 2001-01-01.
    static let referenceOffset: Double = 978_307_200

    /// ISO 8601 (whole seconds, `Z`) for a binary plist date; `nil` when not finite or beyond year 9999.
    static func iso8601(sinceReferenceDate seconds: Double) -> String? {
        let unix = (seconds + referenceOffset).rounded(.down)
        guard unix.isFinite, abs(unix) < 253_402_300_800 else { return nil }
        let total = Int(unix)
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secs = total - days * 86_400
        let (y, m, d) = civil(fromDays: days)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let year = y >= 0 ? String(repeating: "0", count: max(0, 4 - String(y).count)) + String(y) : String(y)
        return "\(year)-\(two(m))-\(two(d))T\(two(secs / 3600)):\(two(secs % 3600 / 60)):\(two(secs % 60))Z"
    }

    /// Year, month, day of a day count since 1970-01-01 (Howard Hinnant's civil_from_days).
    static func civil(fromDays z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
