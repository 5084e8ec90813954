import Foundation

/// Local wall-clock times of the travel data ("2026-10-14T14:40", as printed on a ticket) with their
/// airport's offset made explicit.
///
/// This runs for every itinerary request, so it parses by hand: a `DateFormatter` costs hundreds of
/// microseconds to create on Linux, which the gateway's benchmark showed as doubled CPU per request.
enum LocalTime {
    /// "2026-10-14T14:40" in "Europe/Istanbul" → "2026-10-14T14:40:00+03:00"; nil when the time or the zone
    /// cannot be read. The offset is the zone's at that local time, so summer time is right.
    static func iso8601(_ local: String, timeZone identifier: String?) -> String? {
        guard let identifier, let zone = TimeZone(identifier: identifier), let wall = wallClockSeconds(local) else { return nil }
        // The instant whose local time is `wall`: start from the offset at `wall` read as UTC, then correct once.
        let guess = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall)))
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall - guess)))
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return "\(local):00\(sign)\(twoDigits(minutes / 60)):\(twoDigits(minutes % 60))"
    }

    /// The ASCII digits as a number; nil when any byte is not a digit. Shared by the date and time readers.
    static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }

    /// Seconds since 1970 of the wall-clock time read as if it were UTC; nil unless "yyyy-MM-ddTHH:mm".
    static func wallClockSeconds(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":") else { return nil }
        func number(_ range: Range<Int>) -> Int? { LocalTime.decimal(bytes[range]) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60 else { return nil }
        return daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60
    }

    /// Seconds since 1970 of the instant an ISO 8601 time with an offset names ("2026-10-14T14:40:00+03:00",
    /// or "…Z"); nil without an offset, since a wall-clock time alone is no instant. The narrator measures
    /// connections with it: the arrival of one leg to the departure of the next.
    static func instant(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 17, let wall = wallClockSeconds(String(decoding: bytes[0..<16], as: UTF8.self)) else { return nil }
        var rest = bytes[16...]
        var seconds = 0
        if rest.first == UInt8(ascii: ":") {
            guard rest.count >= 3, let value = Int(String(decoding: rest.dropFirst().prefix(2), as: UTF8.self)), value < 60 else { return nil }
            seconds = value
            rest = rest.dropFirst(3)
        }
        if rest.elementsEqual("Z".utf8) { return wall + seconds }
        guard rest.count == 6, let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
              rest[rest.startIndex + 3] == UInt8(ascii: ":"),
              let hours = Int(String(decoding: rest.dropFirst().prefix(2), as: UTF8.self)),
              let minutes = Int(String(decoding: rest.suffix(2), as: UTF8.self)) else { return nil }
        let offset = (hours * 60 + minutes) * 60
        return wall + seconds - (sign == UInt8(ascii: "+") ? offset : -offset)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
