import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

/// The built-in `support_chat` guard (sentence release, fallback to the narrator, issue 28) against a scripted model
/// that fails as a small one does: it repeats itself, repeats a card number, or answers in the wrong language. None
/// of that text reaches the client; the narrator quotes the section the topic picks.
@Suite("Support chat guard, end to end")
struct SupportChatGuardEndToEndTests {
    func serve(_ tokens: [String], message: String, topic: String, locale: String)
        async throws -> (text: String, source: AnswerOrigin?, row: AuditRecord?) {
        let harness = try GatewayHarness(script: Script(tokens: tokens), answerGuards: true)
        let response = try await harness.stream(body: GatewayHarness.body(feature: "support_chat", input: ["message": .string(message), "topic": .string(topic)],
                                                                         locale: locale))
        #expect(response.status == 200)
        let text = response.events.map { if case .delta(let piece) = $0 { piece } else { "" } }.joined()
        guard case .done(let reason, _, _, let source, _)? = response.events.last else {
            Issue.record("no done: \(response.text)")
            return (text, nil, nil)
        }
        #expect(reason == "stop")
        return (text, source, await harness.auditRow(response.headers["x-request-id"]))
    }

    @Test("a checked answer within the policy is the model's, released as written")
    func goodAnswer() async throws {
        let answer = "Economy tickets include one checked bag of up to 23 kg. Business tickets include two bags of up to 32 kg each."
        let (text, source, row) = try await serve([answer], message: "How much baggage can I take?", topic: "baggage", locale: "en-GB")
        #expect(text == answer)
        #expect(source == .model)
        #expect(row?.reason == "")
    }

    @Test("a sentence said twice: the repeat never reaches the client; the narrator quotes the baggage section")
    func repetition() async throws {
        let sentence = "Economy tickets include one checked bag of up to 23 kg. "
        let (text, source, row) = try await serve([sentence, sentence, sentence], message: "My bag did not arrive in Lisbon.",
                                                  topic: "baggage", locale: "en-GB")
        #expect(text.components(separatedBy: "one checked bag of up to 23 kg.").count == 2, "\(text)")  // once: the quote goes on "23 kg for"
        #expect(text.contains("Here is what our support policy says in its \u{201C}Baggage\u{201D} section"))
        #expect(source == .narrator)
        #expect(row?.reason == "guard:no_repetition,narrator")
    }

    @Test("a card number in the answer never reaches the client, nor does the number the user typed reach the model")
    func cardNumber() async throws {
        let (text, source, row) = try await serve(["Your refund goes back to card 4111 1111 1111 1111 within 7 days. "],
                                                  message: "Refund my ticket to card 4111 1111 1111 1111", topic: "refund", locale: "en-US")
        #expect(!text.contains("4111") && !text.contains("1111 1111"), "\(text)")
        #expect(text.contains("Refunds"))
        #expect(source == .narrator)
        #expect(row?.reason == "guard:no_sensitive_numbers,narrator")
        #expect(row?.maskedValues == 1)
    }

    @Test("Turkish for en-US: nothing of it is released; the narrator answers in English")
    func wrongLanguage() async throws {
        let (text, source, row) = try await serve(["Ekonomi biletlerde her yetişkin için 23 kg'a kadar bir parça kayıtlı bagaj hakkı bulunur. "],
                                                  message: "How much baggage can I take?", topic: "baggage", locale: "en-US")
        #expect(!text.contains("Ekonomi"))
        #expect(text.hasPrefix("Here is what our support policy says"))
        #expect(source == .narrator)
        #expect(row?.reason == "guard:language_matches_locale,narrator")
    }

    @Test("a number from nowhere, and an answer about something else, fall back to the section")
    func inventedNumberAndWrongSubject() async throws {
        let invented = try await serve(["You may check two bags of 30 kg each on any ticket. "], message: "How much baggage can I take?",
                                       topic: "baggage", locale: "en-GB")
        #expect(!invented.text.contains("30 kg") && invented.source == .narrator)
        #expect(invented.row?.reason == "guard:numbers_in_policy,narrator")
        let elsewhere = try await serve(["You can ask for your money back within one day of booking, as our terms say. "],
                                        message: "How much baggage can I take?", topic: "baggage", locale: "en-GB")
        #expect(!elsewhere.text.contains("money back") && elsewhere.source == .narrator)
        #expect(elsewhere.row?.reason == "guard:addresses_section,narrator")
    }
}
