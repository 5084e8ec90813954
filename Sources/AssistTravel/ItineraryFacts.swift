import AssistWire

/// The `facts` of an itinerary summary, written and read in one place: the booking as the app shows it beside
/// the answer, from our records only, and everything the narrator may say.
///
/// The JSON (`{"booking": …}`'s value):
/// - `id`, `version`, `status` (the booking's: "confirmed", "cancelled", …);
/// - `segments`: `flight`, `from`, `to` (airport codes), `fromCity`, `toCity` (the airports' cities, in
///   English; absent when the airport is unknown), `departure`, `arrival` (local times as ISO 8601 with the
///   airport's offset on that date, "2026-10-14T14:40:00+03:00"), `status`;
/// - `travellers`: `name`, `type` ("adult", "child", "infant");
/// - `hotels`: `name`, `city`, `checkIn`, `checkOut` (local dates, "2026-10-14").
///
/// Hotel descriptions are left out on purpose: they are third-party free text (one of them carries an
/// injected instruction), so they reach the model only inside the data message and never the narrator, which
/// reads nothing but these facts. The keys the client kits and `BookingReference(facts:)` read (`id`,
/// `version`, each segment's `flight`, `from`, `to`, `departure`, `arrival`, `status`) keep their meaning.
struct ItineraryFacts: Sendable, Equatable {
    struct Segment: Sendable, Equatable {
        var flight, from, to: String
        var fromCity, toCity: String?
        /// ISO 8601 with offset; the booking's local time as written when the airport's zone is unknown.
        var departure, arrival: String
        var status: String
        var isCancelled: Bool { status == "cancelled" }
    }

    struct Traveller: Sendable, Equatable { var name, type: String }
    struct Hotel: Sendable, Equatable { var name, city, checkIn, checkOut: String }

    var id: String
    var version: Int
    var status: String
    var segments: [Segment]
    var travellers: [Traveller]
    var hotels: [Hotel]

    /// From our records: `airports` gives the cities and time zones of the segments' airports.
    init(booking: TravelData.Booking, airports: [String: TravelData.Airport]) {
        func local(_ time: String, at code: String) -> String { LocalTime.iso8601(time, timeZone: airports[code]?.timeZone) ?? time }
        id = booking.id
        version = booking.version
        status = booking.status
        segments = booking.segments.map { segment in
            Segment(flight: segment.flight, from: segment.from, to: segment.to, fromCity: airports[segment.from]?.city,
                    toCity: airports[segment.to]?.city, departure: local(segment.departureLocal, at: segment.from),
                    arrival: local(segment.arrivalLocal, at: segment.to), status: segment.status)
        }
        travellers = booking.travellers.map { Traveller(name: $0.name, type: $0.type) }
        hotels = booking.hotels.map { Hotel(name: $0.name, city: $0.city, checkIn: $0.checkIn, checkOut: $0.checkOut) }
    }

    /// Reads the value of a `facts` event's `booking` (or the whole event object, `{"booking": …}`); nil
    /// without an id. Missing lists read as empty and a segment without flight, airports or times is skipped,
    /// so a narration never says more than the facts hold.
    init?(json: JSONValue) {
        let booking = json["booking"] ?? json
        guard let id = booking["id"]?.stringValue else { return nil }
        self.id = id
        version = booking["version"]?.intValue ?? 0
        status = booking["status"]?.stringValue ?? ""
        segments = (booking["segments"]?.arrayValue ?? []).compactMap { segment in
            guard let flight = segment["flight"]?.stringValue, let from = segment["from"]?.stringValue, let to = segment["to"]?.stringValue,
                  let departure = segment["departure"]?.stringValue, let arrival = segment["arrival"]?.stringValue else { return nil }
            return Segment(flight: flight, from: from, to: to, fromCity: segment["fromCity"]?.stringValue, toCity: segment["toCity"]?.stringValue,
                           departure: departure, arrival: arrival, status: segment["status"]?.stringValue ?? "")
        }
        travellers = (booking["travellers"]?.arrayValue ?? []).compactMap { traveller in
            guard let name = traveller["name"]?.stringValue else { return nil }
            return Traveller(name: name, type: traveller["type"]?.stringValue ?? "")
        }
        hotels = (booking["hotels"]?.arrayValue ?? []).compactMap { hotel in
            guard let name = hotel["name"]?.stringValue, let checkIn = hotel["checkIn"]?.stringValue,
                  let checkOut = hotel["checkOut"]?.stringValue else { return nil }
            return Hotel(name: name, city: hotel["city"]?.stringValue ?? "", checkIn: checkIn, checkOut: checkOut)
        }
    }

    /// The value of the `facts` event's `booking` key.
    var json: JSONValue {
        [
            "id": .string(id),
            "version": .number(Double(version)),
            "status": .string(status),
            "segments": .array(segments.map { segment in
                var object: [String: JSONValue] = [
                    "flight": .string(segment.flight), "from": .string(segment.from), "to": .string(segment.to),
                    "departure": .string(segment.departure), "arrival": .string(segment.arrival), "status": .string(segment.status),
                ]
                if let city = segment.fromCity { object["fromCity"] = .string(city) }
                if let city = segment.toCity { object["toCity"] = .string(city) }
                return .object(object)
            }),
            "travellers": .array(travellers.map { ["name": .string($0.name), "type": .string($0.type)] }),
            "hotels": .array(hotels.map { hotel in
                ["name": .string(hotel.name), "city": .string(hotel.city), "checkIn": .string(hotel.checkIn), "checkOut": .string(hotel.checkOut)]
            }),
        ]
    }
}
