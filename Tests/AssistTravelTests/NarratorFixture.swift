import AssistEvaluation
import AssistGateway
import AssistSQLite
@testable import AssistTravel
import AssistWire
import Foundation
import Testing

/// The travel data seeded into an in-memory database, the built-in feature records, and the prompt builders:
/// narrations are taken from prompts built exactly as a request would build them.
struct NarratorFixture {
    let data: TravelData
    let travel: TravelDatabase
    let config: GatewayConfig
    /// The database must outlive `travel`.
    private let database: SQLiteDatabase

    static let locales = ["en-US", "en-GB", "tr-TR"]
    /// The checks `itinerary_summary`'s record names; the narrator must pass every one.
    static let checks: [any PropertyCheck] = [TimesMatchBooking(), NoInventedSegments(), LanguageMatchesLocale()]
    static let goldenSet = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../golden/itinerary_summary.jsonl").standardized

    init() throws {
        data = try TravelData.builtin()
        database = try SQLiteDatabase(path: ":memory:")
        travel = try TravelDatabase(database: database)
        try travel.seed(data)
        config = try GatewayConfig.load(TravelApp.builtinConfigurationBytes, knownBuilders: TravelApp.builtinConfigurationBuilders)
    }

    func context(_ feature: String, user: String, input: [String: JSONValue], locale: String) throws -> PromptContext {
        PromptContext(user: user, feature: try #require(config.features[feature]), input: input, locale: locale)
    }

    /// The itinerary prompt for `booking`'s owner in `locale`.
    func itinerary(_ booking: TravelData.Booking, locale: String) async throws -> Prompt {
        try await ItinerarySummaryBuilder(travel: travel).build(
            try context("itinerary_summary", user: booking.userId, input: ["bookingId": .string(booking.id)], locale: locale))
    }

    func booking(_ id: String) throws -> TravelData.Booking { try #require(data.bookings.first { $0.id == id }) }

    /// The violations of the feature's checks by `text`, against the prompt's facts. `source` is what a city
    /// named outside the flights may come from: the facts themselves by default (all the narrator reads), or
    /// the data message, as `assist eval` checks a model's answer.
    static func violations(_ text: String, prompt: Prompt, locale: String, source: Source = .facts) throws -> [String] {
        let facts = try #require(prompt.facts)
        let sourceText = switch source {
        case .facts: JSONWriter.string(facts)
        case .dataMessage: prompt.messages.filter { $0.role == .user }.map(\.content).joined(separator: "\n")
        }
        let reference = try #require(BookingReference(facts: facts, sourceText: sourceText))
        let answer = CheckedAnswer(text: text, locale: locale, booking: reference)
        return checks.compactMap { check in check.violation(in: answer).map { "\(check.name): \($0)" } }
    }

    enum Source { case facts, dataMessage }

    /// The absolute instant of a booking's local time at `airport`, by Foundation's formatter: an oracle
    /// independent of the narrator's hand-made parsing.
    func instant(_ local: String, airport code: String) throws -> Date {
        let identifier = try #require(data.airports.first { $0.code == code }?.timeZone)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: identifier)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return try #require(formatter.date(from: local))
    }
}
