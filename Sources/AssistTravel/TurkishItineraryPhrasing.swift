/// The itinerary narration in Turkish.
///
/// Case endings go only on city names `TurkishPlaceNames` knows ("İstanbul'dan (IST) Lizbon'a (LIS)"); a flight
/// with another city is written as "kalkış: … / varış: …" labels, which need none. Clock times never take an
/// ending ("14:40'ta" depends on how the minutes are said): they follow "yerel saatle". The contract with the
/// checks is the English one: only the facts' times, as "HH:MM"; durations in words ("2 saat 15 dakika"); every
/// sentence naming a cancelled flight says "iptal".
struct TurkishItineraryPhrasing: ItineraryPhrasing {
    static let months = ["Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran", "Temmuz", "Ağustos", "Eylül", "Ekim", "Kasım", "Aralık"]
    static let travellerTypes = ["adult": "yetişkin", "child": "çocuk", "infant": "bebek"]

    func sentence(_ statement: ItineraryStatement) -> String {
        switch statement {
        case .booking(let id, let cancelled):
            return cancelled
                ? "\(id) numaralı rezervasyonunuz iptal edildi; aşağıdaki uçuş ve konaklamaların hiçbiri gerçekleşmeyecek."
                : "\(id) numaralı rezervasyonunuzun özeti aşağıdadır."
        case .flight(let leg):
            let arrival = "\(dayShift(leg))yerel saatle \(leg.arrival.clock)"
            if let from = leg.from.city.flatMap(TurkishPlaceNames.name(of:)), let to = leg.to.city.flatMap(TurkishPlaceNames.name(of:)) {
                return "\(leg.flight) sefer sayılı uçuşunuz \(date(leg.departure.date)) tarihinde \(TurkishPlaceNames.ablative(from)) "
                    + "(\(leg.from.code)) \(TurkishPlaceNames.dative(to)) (\(leg.to.code)) gidiyor; kalkış yerel saatle "
                    + "\(leg.departure.clock), varış \(arrival)."
            }
            // A city without checked endings: labels instead of case endings.
            return "\(leg.flight) sefer sayılı uçuşunuzun bilgileri (\(date(leg.departure.date))): kalkış \(place(leg.from)), yerel saatle "
                + "\(leg.departure.clock); varış \(place(leg.to)), \(arrival)."
        case .cancelledFlight(let leg):
            return "\(leg.flight) sefer sayılı, \(date(leg.departure.date)) tarihli \(place(leg.from)) – \(place(leg.to)) uçuşunuz "
                + "iptal edildi (planlanan kalkış yerel saatle \(leg.departure.clock), varış \(dayShift(leg))\(leg.arrival.clock))."
        case .connection(let connection):
            return "Aktarma: \(place(connection.place)); \(connection.arriving) uçuşunun varışı ile \(connection.departing) uçuşunun "
                + "kalkışı arasında \(duration(connection.minutes)) bekleme süresi var."
        case .travellers(let travellers):
            let names = Self.list(travellers.map { "\($0.name) (\(Self.travellerTypes[$0.type] ?? "yolcu"))" })
            return travellers.count == 1 ? "Bu rezervasyondaki yolcu: \(names)." : "Bu rezervasyondaki yolcular: \(names)."
        case .hotel(let stay, let bookingCancelled):
            let city = stay.city.isEmpty ? "" : ", \(TurkishPlaceNames.name(of: stay.city) ?? stay.city)"
            if bookingCancelled {
                return "İptal edilen bu rezervasyona ait konaklama: \(stay.name)\(city); giriş \(date(stay.checkIn)), "
                    + "çıkış \(date(stay.checkOut))."
            }
            return "Konaklamanız: \(stay.name)\(city); giriş \(date(stay.checkIn)), çıkış \(date(stay.checkOut)) (\(stay.nights) gece)."
        }
    }

    /// "ertesi gün (21 Kasım 2026) " for an arrival the next day; nothing on the same day.
    func dayShift(_ leg: NarratedLeg) -> String {
        switch leg.dayShift {
        case 0: ""
        case 1: "ertesi gün (\(date(leg.arrival.date))) "
        case -1: "bir gün önce (\(date(leg.arrival.date))) "
        case let days where days > 1: "\(days) gün sonra (\(date(leg.arrival.date))) "
        case let days: "\(-days) gün önce (\(date(leg.arrival.date))) "
        }
    }

    /// "İstanbul (IST)" with the Turkish name when known, the English one otherwise, the code alone without.
    func place(_ place: NarratedPlace) -> String {
        guard let city = place.city else { return place.code }
        return "\(TurkishPlaceNames.name(of: city) ?? city) (\(place.code))"
    }

    /// "14 Ekim 2026".
    func date(_ date: LocalDate) -> String { "\(date.day) \(Self.months[date.month - 1]) \(date.year)" }

    /// "2 saat 15 dakika", "1 saat", "45 dakika".
    func duration(_ minutes: Int) -> String {
        let hours = minutes / 60, rest = minutes % 60
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours) saat") }
        if rest > 0 || hours == 0 { parts.append("\(rest) dakika") }
        return parts.joined(separator: " ")
    }

    /// "A", "A ve B", "A, B ve C".
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " ve " + items[items.count - 1]
    }
}
