import Foundation

/// Local wall-clock times of the travel data ("2026-10-14T14:40", as printed on a ticket) with their
/// airport's offset made explicit.
enum LocalTime {
    /// "2026-10-14T14:40" in "Europe/Istanbul" → "2026-10-14T14:40:00+03:00"; nil when the time or the zone
    /// cannot be read. The offset is the zone's on that date, so summer time is right.
    static func iso8601(_ local: String, timeZone identifier: String?) -> String? {
        guard let identifier, let zone = TimeZone(identifier: identifier) else { return nil }
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = zone
        parser.dateFormat = "yyyy-MM-dd'T'HH:mm"
        guard let date = parser.date(from: local) else { return nil }
        let offset = zone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return "\(local):00\(sign)\(String(format: "%02d:%02d", minutes / 60, minutes % 60))"
    }
}
