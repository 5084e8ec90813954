import Foundation
/// A time of day to the minute, as written in a summary or a booking.
public struct ClockTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let minutes: Int

    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        minutes = hour * 60 + minute
    }

    /// The "HH:MM" of an ISO 8601 local date-time ("2026-10-14T14:40" or "2026-10-14T14:40:00+03:00").
    public init?(iso8601 text: String) {
        guard let t = text.firstIndex(of: "T") else { return nil }
        let clock = text[text.index(after: t)...].prefix(5).split(separator: ":")
        guard clock.count == 2, let hour = Int(clock[0]), let minute = Int(clock[1]) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public var description: String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }
    public static func < (a: ClockTime, b: ClockTime) -> Bool { a.minutes < b.minutes }

    /// Every clock time written in `text`: "14:40", "14.40", "2:40 pm", "2.40 p.m.", "2 pm", "14h40".
    ///
    /// A number pair that is part of a date or a longer number ("14.10.2026", "1.250,40", "3:2:1") is not a
    /// time; neither is a lone hour without am/pm ("2 çocuk"). Hours above 12 with am/pm are not times.
    public static func all(in text: String) -> [ClockTime] {
        let scalars = Array(text.unicodeScalars)
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < scalars.count && ("0"..."9").contains(scalars[i]) }
        func digits(from i: Int) -> (value: Int, end: Int) {
            var end = i, value = 0
            while isDigit(end) { value = value * 10 + Int(scalars[end].value - 48); end += 1 }
            return (value, end)
        }
        var found: [ClockTime] = []
        var i = 0
        while i < scalars.count {
            // A run of digits that does not continue a number or a date.
            guard isDigit(i), !isDigit(i - 1), !(i >= 2 && [".", ":", ",", "/"].contains(scalars[i - 1]) && isDigit(i - 2)) else {
                i += 1
                continue
            }
            let start = i
            let hour = digits(from: i)
            i = hour.end
            guard hour.end - start <= 2 else { continue }  // a year, a price: not an hour
            var minute: Int?
            var end = hour.end
            if hour.end < scalars.count, [":", ".", "h"].contains(scalars[hour.end]), isDigit(hour.end + 1) {
                let m = digits(from: hour.end + 1)
                // Exactly two minute digits, not followed by another separator and number (a date or version).
                let continues = m.end < scalars.count && [".", ":", ",", "/"].contains(scalars[m.end]) && isDigit(m.end + 1)
                guard m.end - (hour.end + 1) == 2, !continues else {
                    i = m.end
                    continue
                }
                minute = m.value
                end = m.end
            }
            let meridiem = Self.meridiem(after: end, in: scalars)
            i = meridiem?.end ?? end
            var h = hour.value
            if let meridiem {
                guard (1...12).contains(h) else { continue }
                h = h % 12 + (meridiem.pm ? 12 : 0)
            } else if minute == nil {
                continue  // a bare number
            }
            if let time = ClockTime(hour: h, minute: minute ?? 0) { found.append(time) }
        }
        return found
    }

    /// "am", "pm", "a.m.", "p.m." (any case), after optional spaces, ending at a word boundary.
    private static func meridiem(after index: Int, in scalars: [Unicode.Scalar]) -> (pm: Bool, end: Int)? {
        var i = index
        while i < scalars.count, scalars[i] == " " || scalars[i] == "\u{00A0}" { i += 1 }
        var letters: [Character] = []
        var end = i
        while end < scalars.count, letters.count < 2 {
            let c = Character(scalars[end]).lowercased().first!
            if c == "." { end += 1; continue }
            guard c.isLetter else { break }
            letters.append(c)
            end += 1
        }
        if end < scalars.count, scalars[end] == "." { end += 1 }
        guard letters.count == 2, letters[1] == "m", letters[0] == "a" || letters[0] == "p" else { return nil }
        if end < scalars.count, Character(scalars[end]).isLetter { return nil }
        return (letters[0] == "p", end)
    }
}
