public import AssistWire

/// `itinerary_summary`'s narrator: the deterministic summary of a booking, a plain template over the facts the
/// `facts` event carries and nothing else, so everything it says is what the app shows beside it.
///
/// What it says, one sentence (one line) each, in this order:
/// - the booking, and whether it is cancelled;
/// - every flight in booking order, with its date and local departure and arrival times (HH:MM, 24 h) and the
///   day change when the arrival is on a later (or earlier) local date; a cancelled leg — every leg of a
///   cancelled booking — is said as cancelled in its own sentence and never as a flight to take;
/// - between two legs that meet at one airport within 24 hours, neither cancelled, the connection and its
///   waiting time (the arrival of one to the departure of the next, as instants: offsets included);
/// - the travellers with their type, then each hotel with its city, dates and nights.
///
/// Why a template: a small model gets Turkish summaries wrong most of the time (issue 13), and the gateway
/// needs an answer it can serve instead that passes the feature's own checks (`times_match_booking`,
/// `no_invented_segments`, `language_matches_locale`) by construction. It reads only the facts, so a hotel
/// description (free text, never in the facts) can be neither quoted nor obeyed.
public enum ItineraryNarrator {
    /// The narration of `facts` (a `facts` event's object, or its `booking` value) for `locale`: English for
    /// en-*, Turkish for tr-*; nil for any other language, and when the facts' dates or times cannot be read
    /// (a narration is whole or absent, never a partial one).
    public static func narration(facts: JSONValue, locale: String) -> String? {
        guard let phrasing = phrasing(for: locale), let facts = ItineraryFacts(json: facts),
              let statements = statements(facts) else { return nil }
        return statements.map { phrasing.sentence($0) }.joined(separator: "\n")
    }

    /// The phrasing for `locale`'s language; en-US writes American dates and spelling, every other en-* British.
    static func phrasing(for locale: String) -> (any ItineraryPhrasing)? {
        switch Locales.language(of: locale) {
        case "en": EnglishItineraryPhrasing(american: locale.lowercased() == "en-us")
        case "tr": TurkishItineraryPhrasing()
        default: nil
        }
    }

    /// What the narration says, before it is worded; nil when a date or time in the facts cannot be read.
    static func statements(_ facts: ItineraryFacts) -> [ItineraryStatement]? {
        let bookingCancelled = facts.status == "cancelled"
        var statements: [ItineraryStatement] = [.booking(id: facts.id, cancelled: bookingCancelled)]
        var legs: [NarratedLeg] = []
        for segment in facts.segments {
            guard let leg = NarratedLeg(segment) else { return nil }
            if let previous = legs.last, !bookingCancelled, let connection = connection(from: previous, to: leg) {
                statements.append(.connection(connection))
            }
            statements.append(bookingCancelled || leg.cancelled ? .cancelledFlight(leg) : .flight(leg))
            legs.append(leg)
        }
        if !facts.travellers.isEmpty { statements.append(.travellers(facts.travellers)) }
        for hotel in facts.hotels {
            guard let checkIn = LocalDate(hotel.checkIn), let checkOut = LocalDate(hotel.checkOut) else { return nil }
            statements.append(.hotel(NarratedStay(name: hotel.name, city: hotel.city, checkIn: checkIn, checkOut: checkOut,
                                                  nights: checkIn.days(until: checkOut)), bookingCancelled: bookingCancelled))
        }
        return statements
    }

    /// The connection from `arriving` to `departing`: at the same airport, neither cancelled, the next
    /// departure after the arrival and within 24 hours (a longer gap is a stay, as on a return trip).
    static func connection(from arriving: NarratedLeg, to departing: NarratedLeg) -> NarratedConnection? {
        guard !arriving.cancelled, !departing.cancelled, arriving.to.code == departing.from.code,
              let landed = LocalTime.instant(arriving.arrival.iso), let leaves = LocalTime.instant(departing.departure.iso) else { return nil }
        let minutes = (leaves - landed) / 60
        guard minutes > 0, minutes <= 24 * 60 else { return nil }
        return NarratedConnection(place: arriving.to, arriving: arriving.flight, departing: departing.flight, minutes: minutes)
    }
}

/// One thing the narration says; each becomes one sentence.
enum ItineraryStatement: Sendable, Equatable {
    case booking(id: String, cancelled: Bool)
    case flight(NarratedLeg)
    case cancelledFlight(NarratedLeg)
    case connection(NarratedConnection)
    case travellers([ItineraryFacts.Traveller])
    case hotel(NarratedStay, bookingCancelled: Bool)
}

/// An airport as the narration names it: its city (in English, from the facts) when known, and its code.
struct NarratedPlace: Sendable, Equatable {
    var code: String
    var city: String?
}

/// A local time of the facts, split into what is said: the date and "HH:MM".
struct NarratedTime: Sendable, Equatable {
    var iso: String
    var date: LocalDate
    var clock: String

    /// "2026-10-14T14:40:00+03:00" (or without seconds and offset) → 2026-10-14 and "14:40".
    init?(_ iso: String) {
        let characters = Array(iso)
        guard characters.count >= 16, characters[10] == "T", characters[13] == ":", let date = LocalDate(iso),
              let hour = Int(String(characters[11..<13])), let minute = Int(String(characters[14..<16])),
              (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.iso = iso
        self.date = date
        clock = String(characters[11..<16])
    }
}

/// A flight leg as narrated: `dayShift` is the arrival's local date minus the departure's (1: "+1 day").
struct NarratedLeg: Sendable, Equatable {
    var flight: String
    var from, to: NarratedPlace
    var departure, arrival: NarratedTime
    var cancelled: Bool
    var dayShift: Int { departure.date.days(until: arrival.date) }

    init?(_ segment: ItineraryFacts.Segment) {
        guard let departure = NarratedTime(segment.departure), let arrival = NarratedTime(segment.arrival) else { return nil }
        flight = segment.flight
        from = NarratedPlace(code: segment.from, city: segment.fromCity)
        to = NarratedPlace(code: segment.to, city: segment.toCity)
        self.departure = departure
        self.arrival = arrival
        cancelled = segment.isCancelled
    }
}

/// Changing planes at `place`: `minutes` from the arrival of `arriving` to the departure of `departing`.
struct NarratedConnection: Sendable, Equatable {
    var place: NarratedPlace
    var arriving, departing: String
    var minutes: Int
}

/// A hotel stay as narrated.
struct NarratedStay: Sendable, Equatable {
    var name, city: String
    var checkIn, checkOut: LocalDate
    var nights: Int
}

/// The wording of one language: one sentence per statement, ending with a full stop.
protocol ItineraryPhrasing: Sendable {
    func sentence(_ statement: ItineraryStatement) -> String
}
