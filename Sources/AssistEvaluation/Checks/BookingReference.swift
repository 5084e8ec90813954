public import AssistWire

/// What a summary of one booking may mention, from our own data: the local departure and arrival times,
/// the airports (and so their cities) and flight numbers, and which flights are cancelled. Checks compare a model's
/// output against this, never against expected text.
public struct BookingReference: Sendable, Equatable {
    public struct Segment: Sendable, Equatable {
        public var flight: String
        public var from: String
        public var to: String
        public var departure: ClockTime?
        public var arrival: ClockTime?
        public var cancelled: Bool

        public init(flight: String, from: String, to: String, departure: ClockTime?, arrival: ClockTime?, cancelled: Bool) {
            self.flight = flight
            self.from = from
            self.to = to
            self.departure = departure
            self.arrival = arrival
            self.cancelled = cancelled
        }
    }

    public var bookingId: String
    public var segments: [Segment]
    /// The booking as the model was given it (travellers, hotels, descriptions): a city named there is in
    /// the booking even when no flight goes to it, as is a traveller called Charlotte.
    public var sourceText: String

    public init(bookingId: String, segments: [Segment], sourceText: String = "") {
        self.bookingId = bookingId
        self.segments = segments
        self.sourceText = sourceText
    }

    /// Every departure and arrival time, cancelled legs included (saying when a cancelled flight would
    /// have left is true).
    public var times: Set<ClockTime> { Set(segments.flatMap { [$0.departure, $0.arrival].compactMap { $0 } }) }
    public var airports: Set<String> { Set(segments.flatMap { [$0.from, $0.to] }) }
    public var flights: Set<String> { Set(segments.map { FlightNumber.normalized($0.flight) }) }
    public var cancelledFlights: Set<String> { Set(segments.filter(\.cancelled).map { FlightNumber.normalized($0.flight) }) }
}

/// Flight numbers as written: "TK1759", "TK 1759", "PC2012".
public enum FlightNumber {
    public static func normalized(_ text: String) -> String { text.uppercased().filter { !$0.isWhitespace } }

    /// Two-character airline designator (letters, or a letter and a digit) and 1–4 digits, as one token or
    /// with a space between; normalized.
    public static func all(in text: String) -> [String] {
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        var found: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if isDesignator(word.prefix(2)), word.count > 2, word.count <= 6, word.dropFirst(2).allSatisfy(\.isASCIIDigitCharacter) {
                found.append(normalized(String(word)))
            } else if word.count == 2, isDesignator(word[...]), index + 1 < words.count,
                      (1...4).contains(words[index + 1].count), words[index + 1].allSatisfy(\.isASCIIDigitCharacter) {
                found.append(normalized(String(word) + words[index + 1]))
                index += 1
            }
            index += 1
        }
        return found
    }

    private static func isDesignator(_ pair: Substring) -> Bool {
        guard pair.count == 2, pair.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else { return false }
        return pair.contains { $0.isLetter }
    }
}

extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}

extension BookingReference {
    /// From a `facts` event's object (`{"booking": {"id", "segments": [{"flight", "from", "to", "departure",
    /// "arrival", "status"}]}}`): the same facts the app shows beside the answer.
    public init?(facts: JSONValue, sourceText: String = "") {
        guard let booking = facts["booking"], let id = booking["id"]?.stringValue,
              case .array(let segments)? = booking["segments"] else { return nil }
        self.init(bookingId: id, segments: segments.compactMap { segment in
            guard let flight = segment["flight"]?.stringValue, let from = segment["from"]?.stringValue,
                  let to = segment["to"]?.stringValue else { return nil }
            return Segment(flight: flight, from: from, to: to,
                           departure: segment["departure"]?.stringValue.flatMap { ClockTime(iso8601: $0) },
                           arrival: segment["arrival"]?.stringValue.flatMap { ClockTime(iso8601: $0) },
                           cancelled: segment["status"]?.stringValue == "cancelled")
        }, sourceText: sourceText)
    }
}
