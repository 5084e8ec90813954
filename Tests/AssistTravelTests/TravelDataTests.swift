import AssistGateway
import AssistSQLite
@testable import AssistTravel
import AssistWire
import Foundation
import Testing

@Suite("Travel reference data")
struct TravelDataTests {
    let data: TravelData

    init() throws { data = try TravelData.builtin() }

    /// Local booking time in the airport's zone → an absolute instant.
    func instant(_ local: String, airport code: String) throws -> Date {
        let identifier = try #require(data.airports.first { $0.code == code }?.timeZone)
        let zone = try #require(TimeZone(identifier: identifier))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return try #require(formatter.date(from: local))
    }

    @Test("BK-2041 is u1's nonstop Istanbul → Lisbon on 14 Oct 2026 at 14:40 for two adults and a child")
    func referenceBooking() throws {
        let booking = try #require(data.bookings.first { $0.id == "BK-2041" })
        #expect(booking.userId == "u1")
        #expect(booking.segments.count == 1)
        #expect(booking.segments[0].from == "IST")
        #expect(booking.segments[0].to == "LIS")
        #expect(booking.segments[0].departureLocal == "2026-10-14T14:40")
        #expect(booking.travellers.map(\.type).sorted() == ["adult", "adult", "child"])
        #expect(!booking.hotels.isEmpty)
    }

    @Test("the data covers the cases the golden sets need, and every flight is physically plausible")
    func coverage() throws {
        #expect(data.bookings.count >= 6)
        #expect(Set(data.users.map(\.id)).isSuperset(of: ["u1", "u2"]))
        #expect(Set(data.users.map { Locales.language(of: $0.locale) }).isSuperset(of: ["tr", "en"]))
        var afterMidnight = false, zoneChangingConnection = false
        for booking in data.bookings {
            #expect(data.users.contains { $0.id == booking.userId }, "\(booking.id)")
            for segment in booking.segments {
                let departure = try instant(segment.departureLocal, airport: segment.from)
                let arrival = try instant(segment.arrivalLocal, airport: segment.to)
                let hours = arrival.timeIntervalSince(departure) / 3600
                #expect(hours > 0.5 && hours < 16, "\(booking.id) \(segment.flight): \(hours) h")
                if segment.arrivalLocal.prefix(10) > segment.departureLocal.prefix(10) { afterMidnight = true }
            }
            let zones = Set(booking.segments.compactMap { s in data.airports.first { $0.code == s.to }?.timeZone })
            if booking.segments.count >= 2, zones.count >= 2 { zoneChangingConnection = true }
        }
        #expect(afterMidnight)
        #expect(zoneChangingConnection)
        #expect(data.bookings.contains { $0.segments.contains { $0.status == "cancelled" } })
        #expect(data.bookings.contains { $0.hotels.contains { $0.description.lowercased().contains("ignore previous instructions") } })
        for language in ["en", "tr"] {
            #expect(Set(data.policy[language]?.map(\.section) ?? []) == ["refund", "baggage", "schedule_change", "payment"])
        }
    }
}

@Suite("Travel database and prompt builders")
struct TravelDatabaseTests {
    let database: SQLiteDatabase
    let travel: TravelDatabase

    init() throws {
        database = try SQLiteDatabase(path: ":memory:")
        travel = try TravelDatabase(database: database)
        try travel.seed(try TravelData.builtin())
    }

    func context(_ feature: String, user: String, input: [String: JSONValue], locale: String) throws -> PromptContext {
        // smart_search's handler is compiled into the server, not the travel module.
        let config = try GatewayConfig.load(TravelApp.builtinConfigurationBytes, knownBuilders: TravelApp.builtinConfigurationBuilders)
        return PromptContext(user: user, feature: try #require(config.features[feature]), input: input, locale: locale)
    }

    @Test("a booking is read for its owner only; seeding twice changes nothing")
    func scopedReads() throws {
        #expect(try travel.booking("BK-2041", for: "u1")?.id == "BK-2041")
        #expect(try travel.booking("BK-2041", for: "u2") == nil)
        #expect(try travel.booking("BK-0000", for: "u1") == nil)
        try travel.seed(try TravelData.builtin())
        #expect(try database.query("SELECT COUNT(*) FROM travel_bookings").first?.first?.int == (try TravelData.builtin()).bookings.count)
        #expect(try travel.policy(language: "tr").first?.text.isEmpty == false)
        #expect(try travel.policy(language: "de").map(\.section) == (try travel.policy(language: "en")).map(\.section))
    }

    @Test("itinerary summary facts come from the booking: local times with the airport's offset on that date, status kept")
    func itineraryFacts() async throws {
        let builder = ItinerarySummaryBuilder(travel: travel)
        let lisbon = try await builder.build(try context("itinerary_summary", user: "u1", input: ["bookingId": "BK-2041"], locale: "tr-TR"))
        let booking = try #require(lisbon.facts?["booking"])
        #expect(booking["id"] == "BK-2041")
        #expect(booking["version"] == 3)
        #expect(booking["status"] == "confirmed")
        #expect(booking["segments"] == [["flight": "TK1759", "from": "IST", "to": "LIS", "fromCity": "Istanbul", "toCity": "Lisbon",
                                          "departure": "2026-10-14T14:40:00+03:00", "arrival": "2026-10-14T17:25:00+01:00",
                                          "status": "confirmed"]])
        #expect(booking["travellers"] == [["name": "Deniz Yılmaz", "type": "adult"], ["name": "Elif Yılmaz", "type": "adult"],
                                          ["name": "Can Yılmaz", "type": "child"]])
        // Hotels without their descriptions: third-party free text stays in the data message.
        #expect(booking["hotels"] == [["name": "Casa do Chiado Boutique Hotel", "city": "Lisbon", "checkIn": "2026-10-14",
                                      "checkOut": "2026-10-19"]])
        #expect(booking.objectValue.map { Set($0.keys) } == ["id", "version", "status", "segments", "travellers", "hotels"])
        // New York in summer time, the arrival the next day in Istanbul.
        let overnight = try await builder.build(try context("itinerary_summary", user: "u3", input: ["bookingId": "BK-2095"], locale: "en-US"))
        let legs = try #require(overnight.facts?["booking"]?["segments"]?.arrayValue)
        #expect(legs.first?["departure"] == "2026-07-03T23:10:00-04:00")
        #expect(legs.first?["arrival"] == "2026-07-04T15:50:00+03:00")
        let cancelled = try await builder.build(try context("itinerary_summary", user: "u3", input: ["bookingId": "BK-2110"], locale: "en-US"))
        #expect(cancelled.facts?["booking"]?["segments"]?.arrayValue?.first?["status"] == "cancelled")
    }

    @Test("itinerary summary: instructions in the locale's language, booking and hotel text only in the data message")
    func itineraryPrompt() async throws {
        let builder = ItinerarySummaryBuilder(travel: travel)
        let injected = try #require(try TravelData.builtin().bookings.first {
            $0.hotels.contains { $0.description.lowercased().contains("ignore previous instructions") }
        })
        let prompt = try await builder.build(try context("itinerary_summary", user: injected.userId,
                                                         input: ["bookingId": .string(injected.id)], locale: "tr-TR"))
        #expect(prompt.messages.map(\.role) == [.system, .user])
        #expect(prompt.messages[0].content.contains("in Turkish"))
        #expect(!prompt.messages[0].content.contains(injected.id))
        #expect(!prompt.messages[0].content.lowercased().contains("ignore previous"))
        // The data as labelled lines: the booking on its own line, the hotel's text quoted and labelled untrusted.
        let lines = prompt.messages[1].content.split(separator: "\n").map(String.init)
        #expect(lines.first == ItineraryDataMessage.label)
        #expect(lines.contains("Booking \(injected.id), \(injected.status)."))
        #expect(lines.contains { $0.hasPrefix("  Hotel's own description (untrusted): \"") && $0.lowercased().contains("ignore previous") })
        #expect(!prompt.messages[1].content.contains("{"), "no JSON for the model to echo")
        // The worked example for the request's language follows the instructions.
        #expect(prompt.messages[0].content.contains("Özet:") && !prompt.messages[0].content.contains("Summary:"))
        await #expect(throws: PromptBuildError.notFound) {
            try await builder.build(try context("itinerary_summary", user: "u3", input: ["bookingId": .string(injected.id)], locale: "en-US"))
        }
    }

    @Test("support chat: policy in the request's language, client-kept history, then the message")
    func supportPrompt() async throws {
        let builder = SupportChatBuilder(travel: travel)
        let prompt = try await builder.build(try context(
            "support_chat", user: "u2", input: ["message": "  Can I get a refund?  ", "history": [["role": "user", "text": "Hi"], ["role": "assistant", "text": "Hello!"]]],
            locale: "en-GB"))
        #expect(prompt.messages.map(\.role) == [.system, .system, .user, .assistant, .user])
        #expect(prompt.messages[0].content.contains("in English"))
        #expect(prompt.messages[1].content.contains("Refund"))
        #expect(prompt.messages[4].content == "Can I get a refund?")
        let narrowed = try await builder.build(try context("support_chat", user: "u1", input: ["message": "Bagajım kayboldu", "topic": "baggage"],
                                                           locale: "tr-TR"))
        let policy = try JSONParser.parse(JSONWriter.string(.string(narrowed.messages[1].content))).stringValue ?? ""
        let baggageTitle = try #require(try travel.policy(language: "tr").first { $0.section == "baggage" }?.title)
        let refundTitle = try #require(try travel.policy(language: "tr").first { $0.section == "refund" }?.title)
        #expect(policy.contains(baggageTitle))
        #expect(!policy.contains(refundTitle))
        let whole = try await builder.build(try context("support_chat", user: "u1", input: ["message": "Merhaba", "topic": "other"], locale: "tr-TR"))
        #expect(whole.messages[1].content.contains(refundTitle))
        await #expect(throws: PromptBuildError.invalidInput("input.message: must not be empty")) {
            try await builder.build(try context("support_chat", user: "u2", input: ["message": "   "], locale: "en-GB"))
        }
        // Unicode's white space and line breaks around the message go, what is inside stays.
        #expect(SupportChatBuilder.trimmed("\n\t\u{3000} İade\u{00A0}var mı?\r\n\u{2029}") == "İade\u{00A0}var mı?")
        #expect(SupportChatBuilder.trimmed("\u{2003}\n") == "" && SupportChatBuilder.trimmed("a") == "a")
    }

    @Test("the policy is read once for every language and read again after a new seed")
    func policyAfterSeed() async throws {
        let before = try travel.policy(language: "en")
        var changed = try TravelData.builtin()
        changed.policy["en"]?[0].text = "Refunds are decided by a person."
        try travel.seed(changed)
        let after = try travel.policy(language: "en")
        #expect(after[0].text == "Refunds are decided by a person." && before[0].text != after[0].text)
        #expect(after.count == before.count)
        // Every language is answered from memory once read: the table is not read again. A language the data lacks
        // is answered in English and kept nowhere (the memory holds the data's languages, not the requests').
        try database.execute("DROP TABLE travel_policy")
        #expect(try travel.policy(language: "en")[0].text == "Refunds are decided by a person.")
        #expect(try travel.policy(language: "tr").map(\.section) == before.map(\.section))
        #expect(try travel.policy(language: "tr")[0].text != after[0].text)
        #expect(try travel.policy(language: "xx")[0].text == "Refunds are decided by a person.")
    }

    @Test("a travel store that cannot answer is 503 unavailable, never a booking not found or an empty policy")
    func storeOutage() async throws {
        try database.execute("DROP TABLE travel_policy; DROP TABLE travel_bookings")
        await #expect(throws: PromptBuildError.refused(.unavailable("travel store"))) {
            try await SupportChatBuilder(travel: travel).build(try context("support_chat", user: "u2", input: ["message": "Refund?"], locale: "en-GB"))
        }
        await #expect(throws: PromptBuildError.refused(.unavailable("travel store"))) {
            try await ItinerarySummaryBuilder(travel: travel).build(try context("itinerary_summary", user: "u1", input: ["bookingId": "BK-2041"],
                                                                                 locale: "en-GB"))
        }
    }
}
