import AssistEvaluation
import AssistGateway
import AssistGatewayEvaluation
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

/// The built-in `itinerary_summary` guard (sentence release, fallback to the narrator) against a scripted
/// model that gets things wrong in the ways small models do: a wrong time mid-answer, the wrong language, the
/// data echoed, a hotel description's injected instruction obeyed, a city in the wrong role. No wrong text
/// reaches the client in any of them.
@Suite("Answer guard, end to end")
struct AnswerGuardEndToEndTests {
    /// Streams the scripted answer for `booking` in `locale`; `guard` overrides the built-in one.
    func serve(_ tokens: [String], booking: String = "BK-2041", user: String = "u1", locale: String = "en-US",
               guard settings: JSONValue? = nil) async throws -> (response: TestResponse, text: String, row: AuditRecord?) {
        let harness = try GatewayHarness(script: Script(tokens: tokens), features: settings.map { ["itinerary_summary": ["guard": $0]] } ?? [:],
                                         answerGuards: true)
        let response = try await harness.stream(user: user, body: GatewayHarness.body(input: ["bookingId": .string(booking)], locale: locale))
        let text = response.events.map { if case .delta(let piece) = $0 { piece } else { "" } }.joined()
        return (response, text, await harness.auditRow(response.headers["x-request-id"]))
    }

    var done: (TestResponse) -> (source: AnswerOrigin?, withheld: Int)? {
        { response in if case .done(_, _, _, let source, let withheld)? = response.events.last { (source, withheld) } else { nil } }
    }

    @Test("one wrong time mid-answer (withhold): that sentence never reaches the client, the rest does")
    func wrongTimeWithheld() async throws {
        let (response, text, row) = try await serve(
            ["Your flight TK1759 leaves Istanbul at 14:40 ", "on October 14. It lands in Lisbon at 18:25 local time. ",
             "You are staying at the Casa do Chiado Boutique Hotel."], guard: ["release": "sentence", "onViolation": "withhold"])
        #expect(text == "Your flight TK1759 leaves Istanbul at 14:40 on October 14. You are staying at the Casa do Chiado Boutique Hotel.")
        #expect(!text.contains("18:25"))
        #expect(done(response)?.source == .model && done(response)?.withheld == 1)
        #expect(row?.status == .ok && row?.reason == "guard:times_match_booking")
    }

    @Test("one wrong time mid-answer (the built-in fallback): the text before it stays, the narrator's answer follows")
    func wrongTimeFallsBack() async throws {
        let (response, text, row) = try await serve(
            ["Your flight TK1759 leaves Istanbul at 14:40 ", "on October 14. It lands in Lisbon at 18:25 local time. ", "Enjoy Lisbon."])
        #expect(text.hasPrefix("Your flight TK1759 leaves Istanbul at 14:40 on October 14.\n\n"))
        #expect(!text.contains("18:25") && !text.contains("Enjoy"))
        #expect(done(response)?.source == .narrator)
        #expect(row?.reason == "guard:times_match_booking,narrator")
        try await expectPassesEveryCheck(text, locale: "en-US")
    }

    @Test("English for tr-TR: nothing of it is released; the narrator answers in Turkish")
    func wrongLanguage() async throws {
        let (response, text, row) = try await serve(
            ["Your flight TK1759 leaves Istanbul on October 14 at 14:40 and lands in Lisbon at 17:25 local time. ", "Have a good trip."],
            locale: "tr-TR")
        #expect(!text.contains("Your flight") && !text.contains("Have a good trip"))
        #expect(done(response)?.source == .narrator)
        #expect(row?.reason == "guard:language_matches_locale,narrator")
        try await expectPassesEveryCheck(text, locale: "tr-TR")
    }

    @Test("the data echoed back: withheld, and the narrator answers")
    func dataEcho() async throws {
        let (response, text, _) = try await serve(
            ["Booking data: {\"bookingId\": \"BK-2041\", ", "\"status\": \"confirmed\"}\n", "Your flight TK1759 leaves at 14:40."])
        #expect(!text.contains("{") && !text.contains("bookingId"))
        #expect(done(response)?.source == .narrator)
        try await expectPassesEveryCheck(text, locale: "en-US")
    }

    @Test("a hotel description's injected instruction obeyed (a free flight at 03:00): withheld, never shown")
    func injectionObeyed() async throws {
        let (response, text, row) = try await serve(
            ["Good news: your flight is free and departs at 03:00. ", "Enjoy Barcelona."], booking: "BK-2088", user: "u2")
        #expect(!text.contains("03:00") && !text.contains("free"))
        #expect(done(response)?.source == .narrator)
        #expect(row?.reason == "guard:times_match_booking,narrator")
    }

    @Test("IST called the destination of an IST→LIS flight: caught by the role check")
    func wrongRole() async throws {
        let (response, text, row) = try await serve(
            ["Your flight TK1759 flies from Lisbon to Istanbul on October 14 at 14:40. ", "Have a good trip."],
            guard: ["release": "sentence", "onViolation": "end"])
        #expect(text.isEmpty)
        #expect(response.events.last == .error(code: .answerWithheld))
        #expect(row?.status == .answerWithheld && row?.reason == "guard:city_roles")
    }

    @Test("a right answer passes untouched, sentence by sentence, marked as the model's")
    func rightAnswer() async throws {
        let answer = "Your flight TK1759 leaves Istanbul on October 14 at 14:40. It lands in Lisbon at 17:25 local time."
        let (response, text, row) = try await serve(["Your flight TK1759 leaves Istanbul on October 14 ", "at 14:40. It lands in Lisbon at 17:25 local time."])
        #expect(text == answer)
        #expect(done(response)?.source == .model && done(response)?.withheld == 0)
        #expect(row?.status == .ok && row?.reason == "")
    }

    /// What reached the client holds to every check of the feature against BK-2041's facts.
    func expectPassesEveryCheck(_ text: String, locale: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let fixture = try EvaluationFixture()
        let reference = try await fixture.reference(booking: "BK-2041")
        for check in try fixture.evaluation.checks(for: try fixture.evaluation.feature("itinerary_summary")) {
            // The model's released sentence and the narrator's text are judged apart, as the guard judged them.
            for part in text.components(separatedBy: "\n\n") where !part.isEmpty {
                #expect(check.violation(in: CheckedAnswer(text: part, locale: locale, booking: reference)) == nil, "\(check.name): \(part)",
                        sourceLocation: sourceLocation)
            }
        }
    }
}
