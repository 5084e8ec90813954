import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

@Suite("Structured features: POST /v1/assist")
struct StructuredFeatureTests {
    func ask(_ harness: GatewayHarness, _ input: JSONValue, feature: String = "smart_search", path: String = "/v1/assist",
             user: String = "u1", locale: String = "tr-TR") async throws -> TestResponse {
        try await testRequest(port: harness.port, method: "POST", path: path, headers: [("Authorization", "Bearer \(harness.token(user))")],
                              body: JSONWriter.bytes(["feature": .string(feature), "input": input, "locale": .string(locale)]))
    }

    @Test("smart search answers with filters from the rules when they leave no gap; the model is not called")
    func rulesOnly() async throws {
        let harness = try GatewayHarness()
        let response = try await ask(harness, ["text": "İstanbul'dan Lizbon'a 14 ekimde business", "today": "2026-11-29"])
        #expect(response.status == 200, "\(response.text)")
        #expect(response.json?["filters"]?["origin"] == "Istanbul")
        #expect(response.json?["filters"]?["destination"] == "Lisbon")
        #expect(response.json?["filters"]?["departure"] == ["from": "2027-10-14", "to": "2027-10-14"])
        #expect(response.json?["filters"]?["cabin"] == "business")
        #expect(response.json?["source"] == "fallback")
        #expect(response.json?["promptVersion"] == "2026-11-29.1")
        #expect(response.headers["ratelimit-remaining"] == "59")
        #expect(harness.upstream.requests.isEmpty)
        #expect(await harness.auditRow(response.headers["x-request-id"])?.status == .ok)
    }

    @Test("a gap goes to the configured provider under the walled schema; an ungrounded value is dropped")
    func modelPath() async throws {
        let harness = try GatewayHarness(script: Script(tokens: [#"{"children":"#, "2}"]))
        let response = try await ask(harness, ["text": "two adults, somewhere sunny in Lisbon, kids: 2", "today": "2026-11-29"])
        #expect(response.json?["source"] == "model", "\(response.text)")
        #expect(response.json?["filters"]?["children"] == 2)
        let sent = try JSONParser.parse(try #require(harness.upstream.requests.first).body)
        #expect(sent["response_format"]?["json_schema"]?["schema"]?["properties"]?["children"] != nil)

        harness.upstream.script = Script(tokens: [#"{"children":5}"#])
        let invented = try await ask(harness, ["text": "two adults, somewhere sunny in Lisbon, kids: 2", "today": "2026-11-29"])
        #expect(invented.json?["filters"]?["children"] == .null)
        #expect(invented.json?["dropped"] == [["field": "children", "value": 5, "reason": "no literal support in the text"]])
    }

    @Test("kinds do not mix, and the input schema applies")
    func refusals() async throws {
        let harness = try GatewayHarness()
        #expect(try await ask(harness, ["text": "x"], path: "/v1/assist/stream").errorCode == "unknown_feature")
        #expect(try await ask(harness, ["bookingId": "BK-2041"], feature: "itinerary_summary").errorCode == "unknown_feature")
        #expect(try await ask(harness, ["text": "x", "prompt": "ignore"]).errorCode == "invalid_input")
        #expect(try await ask(harness, [:]).errorCode == "invalid_input")
    }

    @Test("support triage: the topic and the message as the server masked it; the model only breaks a tie")
    func supportTriage() async throws {
        let harness = try GatewayHarness()
        let response = try await ask(harness, ["message": "I want a refund to 4111 1111 1111 1111, mail deniz@example.com"],
                                     feature: "support_triage", locale: "en-US")
        #expect(response.status == 200, "\(response.text)")
        #expect(response.json?["topic"] == "refund")
        #expect(response.json?["containsSensitiveNumbers"] == true)
        let masked = try #require(response.json?["masked"]?.stringValue)
        #expect(!masked.contains("4111 1111 1111 1111") && !masked.contains("deniz@example.com") && masked.contains("1111"))
        #expect(response.json?["source"] == "fallback")
        #expect(harness.upstream.requests.isEmpty)

        // Refund and baggage cues tie: the provider picks among the tied topics (and other), under the user's quota.
        harness.upstream.script = Script(tokens: [#"{"topic":"baggage"}"#])
        let tied = try await ask(harness, ["message": "a refund for my suitcase"], feature: "support_triage", locale: "en-US")
        #expect(tied.json?["topic"] == "baggage" && tied.json?["source"] == "model", "\(tied.text)")
        #expect(harness.upstream.requests.count == 1)
        #expect(await harness.auditRow(tied.headers["x-request-id"])?.feature == "support_triage")
    }

    @Test("budget question: computed from the signed-in user's own transactions, with its period and numbers")
    func budgetQuestion() async throws {
        let harness = try GatewayHarness()
        let question: JSONValue = ["question": "How much did I spend on groceries last month?", "today": "2026-12-01"]
        let response = try await ask(harness, question, feature: "budget_question", locale: "en-US")
        #expect(response.status == 200, "\(response.text)")
        #expect(response.json?["intent"] == "totalSpent")
        #expect(response.json?["category"] == "groceries")
        #expect(response.json?["period"] == ["from": "2026-11-01", "to": "2026-11-30"])
        #expect(response.json?["currency"] == "TRY" && response.json?["source"] == "rules")
        let count = try #require(response.json?["transactions"]?.intValue)
        let total = try #require(response.json?["valueMinor"]?.intValue)
        #expect(count > 0 && total > 0)
        #expect(response.json?["answer"]?.stringValue?.contains("\(count) transactions") == true, "\(response.text)")

        // Another demo user has spending of their own; the same question gives their numbers, in Turkish when asked so.
        let other = try await ask(harness, question, feature: "budget_question", user: "u2", locale: "tr-TR")
        #expect(other.json?["valueMinor"]?.intValue != total)
        #expect(other.json?["answer"]?.stringValue?.contains("TL") == true, "\(other.text)")
        #expect(try await ask(harness, ["question": "x", "prompt": "y"], feature: "budget_question").errorCode == "invalid_input")

        // The conversation id sent back makes the next question a follow-up; another user's is not found.
        let conversation = try #require(response.json?["conversationId"]?.stringValue)
        #expect(response.json?["followUp"] == false)
        let followUp = try await ask(harness, ["question": "and the month before?", "today": "2026-12-01", "conversationId": .string(conversation)],
                                     feature: "budget_question", locale: "en-US")
        #expect(followUp.json?["followUp"] == true && followUp.json?["conversationId"]?.stringValue == conversation, "\(followUp.text)")
        #expect(followUp.json?["period"] == ["from": "2026-10-01", "to": "2026-10-31"] && followUp.json?["category"] == "groceries")
        // Another user's conversation, or one never issued, is 404 conversation_not_found, never a fresh question,
        // and audited (issue 29).
        for (user, id) in [("u2", conversation), ("u1", "cv_never-issued")] {
            let refused = try await ask(harness, ["question": "and the month before?", "today": "2026-12-01", "conversationId": .string(id)],
                                        feature: "budget_question", user: user, locale: "en-US")
            #expect(refused.status == 404 && refused.errorCode == "conversation_not_found", "\(refused.text)")
            let row = try #require(await harness.auditRow(refused.headers["x-request-id"]))
            #expect(row.status == .rejected && row.reason.hasPrefix("conversation_not_found"))
        }
        // The owner's conversation still goes on.
        let again = try await ask(harness, ["question": "and the month before?", "today": "2026-12-01", "conversationId": .string(conversation)],
                                  feature: "budget_question", locale: "en-US")
        #expect(again.status == 200 && again.json?["followUp"] == true)
    }

    @Test("an unknown conversation costs no quota: with one request a day, two 404s leave it for the question")
    func unknownConversationIsFree() async throws {
        let harness = try GatewayHarness(unavailableQuota: (requests: 1, tokens: 20_000))
        for _ in 0..<2 {
            let refused = try await ask(harness, ["question": "and the month before?", "today": "2026-12-01", "conversationId": "cv_nobody"],
                                        feature: "budget_question", locale: "en-US")
            #expect(refused.status == 404 && refused.errorCode == "conversation_not_found")
        }
        let asked = try await ask(harness, ["question": "How much did I spend in November?", "today": "2026-12-01"],
                                  feature: "budget_question", locale: "en-US")
        #expect(asked.status == 200, "\(asked.text)")
    }
}
