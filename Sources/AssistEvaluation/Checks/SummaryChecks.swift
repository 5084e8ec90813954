public import AssistUnderstanding
import AssistWire

/// `times_match_booking`: every clock time in the answer is a departure or arrival time of the booking, in
/// that airport's local time (our data holds local times). 14:40, 14.40 and 2:40 pm are the same time.
public struct TimesMatchBooking: PropertyCheck {
    public let name = "times_match_booking"
    public init() {}

    public func violation(in answer: CheckedAnswer) -> String? {
        guard let booking = answer.booking else { return "no booking to compare with" }
        let allowed = booking.times
        let wrong = ClockTime.all(in: answer.text).filter { !allowed.contains($0) }
        guard !wrong.isEmpty else { return nil }
        return "times not in the booking: \(wrong.map(\.description).joined(separator: ", ")) (booking: \(allowed.sorted().map(\.description).joined(separator: ", ")))"
    }
}

/// `no_invented_segments`: no city, airport code or flight number that is not in the booking, and no
/// cancelled flight mentioned in a sentence that does not say it is cancelled.
///
/// Cities are found with the understanding kit's gazetteer (cities with airports, with Turkish names and
/// case endings: "Lizbon'a"), counted only when capitalized, so "a nice view" is not Nice. Any
/// all-capitals three-letter word is taken for an airport code unless it is a common non-airport
/// abbreviation. A city outside the gazetteer is not recognised.
public struct NoInventedSegments: PropertyCheck {
    public let name = "no_invented_segments"
    let places: Gazetteer

    /// Three-capital words that are not airports.
    static let notAirports: Set<String> = ["PNR", "USD", "EUR", "TRY", "GBP", "UTC", "GMT", "VIP", "SMS", "THY", "ETA", "ETD"]
    /// Words saying a flight is cancelled, folded.
    static let cancelWords = ["cancel", "iptal"]

    public init(places: Gazetteer = .builtin) { self.places = places }

    public func violation(in answer: CheckedAnswer) -> String? {
        guard let booking = answer.booking else { return "no booking to compare with" }
        var problems: [String] = []
        let allowed = Set(booking.airports.compactMap { places.city(ofAirport: $0) }.map(\.name))
            .union(places.mentions(in: booking.sourceText).map(\.city.name))
        let cities = Set(cities(in: answer.text)).subtracting(allowed)
        if !cities.isEmpty { problems.append("cities not in the booking: \(cities.sorted().joined(separator: ", "))") }
        let codes = answer.text.split(whereSeparator: { !$0.isLetter })
            .filter { $0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isUppercase } }
            .map(String.init).filter { !Self.notAirports.contains($0) && !booking.airports.contains($0) }
        if !codes.isEmpty { problems.append("airport codes not in the booking: \(Set(codes).sorted().joined(separator: ", "))") }
        // The booking's own reference ("BK-2041") has the shape of a flight number and may be quoted.
        let reference = FlightNumber.normalized(booking.bookingId).filter { $0 != "-" }
        let flights = Set(FlightNumber.all(in: answer.text)).subtracting(booking.flights).subtracting([reference])
        if !flights.isEmpty { problems.append("flights not in the booking: \(flights.sorted().joined(separator: ", "))") }
        for sentence in Self.sentences(answer.text) {
            let words = TextMatching.words(String(sentence))
            guard !words.contains(where: { word in Self.cancelWords.contains { word.hasPrefix($0) } }) else { continue }
            let active = Set(FlightNumber.all(in: String(sentence))).intersection(booking.cancelledFlights)
            if !active.isEmpty { problems.append("cancelled flight presented as active: \(active.sorted().joined(separator: ", "))") }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// Canonical names of the capitalized city mentions in `text`.
    func cities(in text: String) -> [String] {
        // The same word split as the gazetteer's, without folding, to see each mention's capital.
        let original = text.split { !($0.isLetter || $0.isNumber) }
        return places.mentions(in: text).filter { mention in
            guard mention.position < original.count else { return true }
            return original[mention.position].first?.isUppercase ?? false
        }.map(\.city.name)
    }

    /// Sentences, split at ., ! or ? followed by a space or the end, and at line breaks (a time such as
    /// 14.40 does not end one).
    static func sentences(_ text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character.isNewline || ((character == "." || character == "!" || character == "?") && (next == text.endIndex || text[next].isWhitespace)) {
                result.append(text[start..<next])
                start = next
            }
            index = next
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result
    }
}

/// `language_matches_locale`: the answer is written in the locale's language, as `LanguageDetector` sees it.
public struct LanguageMatchesLocale: PropertyCheck {
    public let name = "language_matches_locale"
    public var scope: CheckScope { .words(8) }
    let detector: LanguageDetector
    public init(detector: LanguageDetector = LanguageDetector()) { self.detector = detector }

    public func violation(in answer: CheckedAnswer) -> String? {
        let expected = Locales.language(of: answer.locale)
        guard let detected = detector.detect(answer.text) else { return "no language detected" }
        return detected == expected ? nil : "written in \(detected), locale is \(answer.locale)"
    }
}

/// `schema_valid`: a structured answer's raw object follows the feature's JSON Schema.
public struct SchemaValid: PropertyCheck {
    public let name = "schema_valid"
    public var scope: CheckScope { .answer }
    public init() {}
    public func violation(in answer: CheckedAnswer) -> String? {
        guard let structured = answer.structured else { return "not a structured answer" }
        return structured.schemaViolations.isEmpty ? nil : structured.schemaViolations.joined(separator: "; ")
    }
}

/// `grounded`: every value of a structured answer is supported by the input text.
public struct Grounded: PropertyCheck {
    public let name = "grounded"
    public var scope: CheckScope { .answer }
    public init() {}
    public func violation(in answer: CheckedAnswer) -> String? {
        guard let structured = answer.structured else { return "not a structured answer" }
        return structured.ungrounded.isEmpty ? nil : "not in the input: " + structured.ungrounded.joined(separator: ", ")
    }
}
