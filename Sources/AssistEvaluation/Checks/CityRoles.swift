public import AssistUnderstanding

/// `city_roles`: a city named as an origin ("from Lisbon", "Lizbon'dan") or a destination ("to Istanbul",
/// "İstanbul'a") is one in the booking: the origin or destination of a flight the sentence names, or of any
/// flight when it names none. "From Lisbon" for an IST→LIS flight passes every other check; not this one.
/// A city whose role the sentence does not mark ("in Lisbon", "the Lisbon hotel") is not judged here.
public struct CityRoles: PropertyCheck {
    public let name = "city_roles"
    let places: Gazetteer

    public init(places: Gazetteer = .builtin) { self.places = places }

    public func violation(in answer: CheckedAnswer) -> String? {
        guard let booking = answer.booking else { return "no booking to compare with" }
        var problems: [String] = []
        for sentence in NoInventedSegments.sentences(answer.text) {
            let named = Set(FlightNumber.all(in: String(sentence)))
            let segments = booking.segments.filter { named.contains(FlightNumber.normalized($0.flight)) }
            let candidates = segments.isEmpty ? booking.segments : segments
            for mention in places.mentions(in: String(sentence)) {
                let codes: [String]
                switch mention.role {
                case .origin: codes = candidates.map(\.from)
                case .destination: codes = candidates.map(\.to)
                case .unknown: continue
                }
                let cities = Set(codes.compactMap { places.city(ofAirport: $0)?.name })
                if !cities.contains(mention.city.name) {
                    problems.append("\(mention.city.name) as \(mention.role == .origin ? "origin" : "destination")"
                        + " (the booking's: \(cities.sorted().joined(separator: ", ")))")
                }
            }
        }
        return problems.isEmpty ? nil : "cities in the wrong role: " + problems.joined(separator: "; ")
    }
}
