public import AssistGateway
import AssistWire
import Foundation

/// `itinerary_summary`: `{"bookingId": "..."}` → the feature's instructions with the worked example for the
/// request's language (system message) and the booking, read for this user, as labelled lines of data (a
/// separate user message, `ItineraryDataMessage`). Hotel descriptions are free text from
/// third parties and may contain instructions; they stay inside the data message, labelled as such, and out of
/// the facts and the narration (`ItineraryNarrator`, for the request's locale; nil for a language it does not write).
public struct ItinerarySummaryBuilder: PromptBuilder {
    public let name = "itinerary_summary"
    let travel: TravelDatabase

    public init(travel: TravelDatabase) { self.travel = travel }

    public func build(_ context: PromptContext) async throws(PromptBuildError) -> Prompt {
        guard let bookingId = context.input["bookingId"]?.stringValue else { throw .invalidInput("input.bookingId is required") }
        let booking: TravelData.Booking
        let airports: [String: TravelData.Airport]
        do {
            guard let found = try travel.booking(bookingId, for: context.user) else { throw PromptBuildError.notFound }
            booking = found
            airports = try travel.airports(Set(found.segments.flatMap { [$0.from, $0.to] }))
        } catch let error as PromptBuildError {
            throw error
        } catch {
            throw .refused(TravelDatabase.unavailable(error))  // an outage is a 503, never a booking not found
        }
        let facts: JSONValue = ["booking": Self.facts(booking, airports: airports)]
        return Prompt(messages: [
            ChatMessage(role: .system, content: context.instructions + (context.example.map { "\n\n" + $0 } ?? "")),
            ChatMessage(role: .user, content: ItineraryDataMessage.text(booking, airports: airports)),
        ], facts: facts, cacheKey: "\(booking.id)@\(booking.version)",
           narration: ItineraryNarrator.narration(facts: facts, locale: context.locale))
    }

    /// The booking as the app shows it beside the summary, from our records only (`ItineraryFacts`): each
    /// segment's airports with their cities and local times as ISO 8601 with the airport's UTC offset on that
    /// date ("2026-10-14T14:40:00+03:00"), the travellers, and the hotels without their descriptions. The
    /// narration is written from exactly this value.
    static func facts(_ booking: TravelData.Booking, airports: [String: TravelData.Airport]) -> JSONValue {
        ItineraryFacts(booking: booking, airports: airports).json
    }
}
