/// The itinerary narration in English. American (en-US) and British (every other en-*) differ only in the
/// date ("October 14, 2026" / "14 October 2026") and spelling ("canceled", "travelers" / "cancelled",
/// "travellers").
///
/// Contract with the checks: the only clock times written are the facts' departure and arrival times, as
/// 24-hour "HH:MM"; durations are words ("2 hours 15 minutes"), never "2:15" or "2h15", which read as times;
/// every sentence naming a cancelled flight says "canceled"/"cancelled"; airports appear as the facts' codes.
struct EnglishItineraryPhrasing: ItineraryPhrasing {
    let american: Bool

    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                         "November", "December"]

    var cancelled: String { american ? "canceled" : "cancelled" }

    func sentence(_ statement: ItineraryStatement) -> String {
        switch statement {
        case .booking(let id, let isCancelled):
            return isCancelled
                ? "Your booking \(id) has been \(cancelled), so none of the flights or stays below will take place."
                : "Here is a summary of your booking \(id)."
        case .flight(let leg):
            return "Flight \(leg.flight) from \(place(leg.from)) to \(place(leg.to)) on \(date(leg.departure.date)) departs at "
                + "\(leg.departure.clock) and arrives at \(leg.arrival.clock) local time\(dayShift(leg))."
        case .cancelledFlight(let leg):
            return "Flight \(leg.flight) from \(place(leg.from)) to \(place(leg.to)) on \(date(leg.departure.date)), which was scheduled "
                + "to depart at \(leg.departure.clock) and arrive at \(leg.arrival.clock) local time\(dayShift(leg)), has been \(cancelled)."
        case .connection(let connection):
            return "In \(place(connection.place)) you change from \(connection.arriving) to \(connection.departing), with "
                + "\(duration(connection.minutes)) between landing and the next departure."
        case .travellers(let travellers):
            let noun = american ? "traveler" : "traveller"
            let names = Self.list(travellers.map { "\($0.name) (\($0.type.isEmpty ? "passenger" : $0.type))" })
            return travellers.count == 1 ? "The \(noun) on this booking is \(names)." : "The \(noun)s on this booking are \(names)."
        case .hotel(let stay, let bookingCancelled):
            let city = stay.city.isEmpty ? "" : " in \(stay.city)"
            if bookingCancelled {
                return "The stay at \(stay.name)\(city) from \(date(stay.checkIn)) to \(date(stay.checkOut)) was part of this "
                    + "\(cancelled) booking."
            }
            return "You are staying at \(stay.name)\(city), checking in on \(date(stay.checkIn)) and out on \(date(stay.checkOut))"
                + " (\(stay.nights) \(stay.nights == 1 ? "night" : "nights"))."
        }
    }

    /// " the next day, November 21, 2026 (+1 day)" when the arrival's local date is a later one; nothing on the
    /// same day.
    func dayShift(_ leg: NarratedLeg) -> String {
        switch leg.dayShift {
        case 0: ""
        case 1: " the next day, \(date(leg.arrival.date)) (+1 day)"
        case -1: " the day before, \(date(leg.arrival.date)) (-1 day)"
        case let days where days > 1: " on \(date(leg.arrival.date)) (+\(days) days)"
        case let days: " on \(date(leg.arrival.date)) (\(days) days)"
        }
    }

    /// "Istanbul (IST)", or the code alone when the city is unknown.
    func place(_ place: NarratedPlace) -> String { place.city.map { "\($0) (\(place.code))" } ?? place.code }

    /// "October 14, 2026" (en-US) or "14 October 2026".
    func date(_ date: LocalDate) -> String {
        let month = Self.months[date.month - 1]
        return american ? "\(month) \(date.day), \(date.year)" : "\(date.day) \(month) \(date.year)"
    }

    /// "2 hours 15 minutes", "1 hour", "45 minutes".
    func duration(_ minutes: Int) -> String {
        let hours = minutes / 60, rest = minutes % 60
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours) \(hours == 1 ? "hour" : "hours")") }
        if rest > 0 || hours == 0 { parts.append("\(rest) \(rest == 1 ? "minute" : "minutes")") }
        return parts.joined(separator: " ")
    }

    /// "A", "A and B", "A, B and C".
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
