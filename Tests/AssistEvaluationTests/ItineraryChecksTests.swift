import AssistEvaluation
import AssistGatewayEvaluation
import AssistServer
import AssistWire
import GatewayTestSupport
import Testing

@Suite("Itinerary summary checks on hand-made summaries")
struct ItineraryChecksTests {
    let fixture: EvaluationFixture
    let checks: [any PropertyCheck]

    init() throws {
        fixture = try EvaluationFixture()
        checks = try fixture.evaluation.checks(for: try fixture.evaluation.feature("itinerary_summary"))
    }

    @Test("the feature names the five checks")
    func named() {
        #expect(checks.map(\.name) == ["times_match_booking", "no_invented_segments", "language_matches_locale", "no_data_echo", "city_roles"])
    }

    @Test("every good summary, Turkish and English, passes every check")
    func goodPass() async throws {
        let good = try EvaluationSamples.good()
        #expect(good.count == 8)
        for (booking, byLanguage) in good.sorted(by: { $0.key < $1.key }) {
            let reference = try await fixture.reference(booking: booking)
            for (language, text) in byLanguage {
                let answer = CheckedAnswer(text: text, locale: language == "tr" ? "tr-TR" : "en-US", booking: reference)
                for check in checks {
                    #expect(check.violation(in: answer) == nil, "\(booking) \(language) \(check.name)")
                }
            }
        }
    }

    @Test("each bad summary fails the check it breaks, and only that one")
    func badFail() async throws {
        let bad = try EvaluationSamples.bad()
        #expect(bad.count >= 10)
        #expect(Set(bad.map(\.breaks)) == Set(checks.map(\.name)))
        for item in bad {
            let answer = CheckedAnswer(text: item.text, locale: item.locale, booking: try await fixture.reference(booking: item.booking))
            let failing = checks.filter { $0.violation(in: answer) != nil }.map(\.name)
            #expect(failing == [item.breaks], "\(item.booking) \(item.locale): \(item.text)\n\(checks.compactMap { $0.violation(in: answer) })")
        }
    }

    @Test("hand-made breaks: a wrong time, an invented city, a cancelled leg shown as active, English for tr-TR")
    func handMade() async throws {
        let rome = try await fixture.reference(booking: "BK-2072")  // TK1861 IST→FCO 08:25–10:15; TK1862 back, cancelled
        func failing(_ text: String, _ locale: String = "en-US") -> [String] {
            checks.filter { $0.violation(in: CheckedAnswer(text: text, locale: locale, booking: rome)) != nil }.map(\.name)
        }
        #expect(failing("Your flight TK1861 leaves Istanbul at 8:25 am and lands in Rome at 10:15 am.") == [])
        #expect(failing("Your flight TK1861 leaves Istanbul at 8:35 am and lands in Rome at 10:15 am.") == ["times_match_booking"])
        #expect(failing("Your flight TK1861 leaves Istanbul at 8:25 am and lands in Paris at 10:15 am.") == ["no_invented_segments", "city_roles"])  // "lands in" names the destination
        #expect(failing("Your flight TK1861 leaves Istanbul at 8:25 am; a nice view of Rome awaits.") == [])  // nice, not Nice
        #expect(failing("Your flight TK1861 leaves Istanbul at 8:25 am and lands in Barcelona at 10:15 am.") == ["no_invented_segments", "city_roles"])
        #expect(failing("You fly TK1861 to Rome at 8:25 am. You return on TK1862 at 11:40 am.") == ["no_invented_segments"])
        #expect(failing("You fly TK1861 to Rome at 8:25 am. Your return TK1862 at 11:40 am was cancelled.") == [])
        #expect(failing("You fly TK1861 to Rome at 8:25 am and land at FCO at 10:15 am.", "tr-TR") == ["language_matches_locale"])
        #expect(failing("Booking BK-2072: you fly TK1861 to Rome at 8:25 am.") == [])  // its own reference is not a flight
        #expect(failing("Booking BK-2041: you fly TK1861 to Rome at 8:25 am.") == ["no_invented_segments"])
        #expect(failing("TK1861 ile İstanbul'dan 08.25'te kalkıp Roma'ya 10.15'te varıyorsunuz. Dönüş uçuşunuz TK1862 iptal edildi.", "tr-TR") == [])
    }
}
