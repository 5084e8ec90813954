import AssistTestSupport
import AssistWire
import Foundation
import Testing

/// Issue 29: a budget answer does not depend on the replica that computes it. Three `assist serve` processes on one
/// Redis and one PostgreSQL (`SharedReplicas`); the turns of a conversation go to each in turn, and must give what
/// the same turns give on one replica, in English and Turkish; an SMS imported on one is counted on another; an
/// unknown conversation is 404 on each; a replica SIGKILLed between two turns loses nothing of the conversation.
@Suite("Replicas share the budget app's data", .serialized)
struct ReplicaBudgetTests {
    static let conversations: [(locale: String, turns: [String])] = [
        ("en-US", ["How much did I spend on restaurants last month?", "and in September?", "what about Zara?", "and last month?"]),
        ("tr-TR", ["geçen ay restoranlara ne kadar harcadım?", "peki eylülde?", "peki Zara?", "ya geçen ay?"]),
    ]

    /// `POST /v1/assist` for `budget_question`.
    static func ask(_ replica: SharedReplicas.Served, _ question: String, locale: String, conversation: String?,
                    today: String = "2026-11-29") async throws -> TestResponse {
        var input: [String: JSONValue] = ["question": .string(question), "today": .string(today)]
        if let conversation { input["conversationId"] = .string(conversation) }
        return try await testRequest(port: replica.port, method: "POST", path: "/v1/assist", headers: [("Authorization", "Bearer \(replica.token)")],
                                     body: JSONWriter.bytes(["feature": "budget_question", "locale": .string(locale), "input": .object(input)]))
    }

    /// The turns of one conversation, turn i on `replicas[i % count]`: each answer without its conversation id.
    static func converse(_ turns: [String], locale: String, on replicas: [SharedReplicas.Served]) async throws -> [JSONValue] {
        var conversation: String?
        var answers: [JSONValue] = []
        for (index, turn) in turns.enumerated() {
            let response = try await ask(replicas[index % replicas.count], turn, locale: locale, conversation: conversation)
            #expect(response.status == 200, "\(turn): \(response.text)")
            conversation = response.json?["conversationId"]?.stringValue
            answers.append(withoutConversation(response.json))
        }
        return answers
    }

    /// An answer without its conversation id, which differs between two conversations that say the same.
    static func withoutConversation(_ answer: JSONValue?) -> JSONValue {
        guard case .object(var body)? = answer else { return answer ?? .null }
        body["conversationId"] = nil
        return .object(body)
    }

    @Test("each turn on another replica answers as one replica does (en, tr); SMS on one counted on another; 404 on each; SIGKILL between turns")
    func budgetAcrossReplicas() async throws {
        try await SharedReplicas.with(limits: [:], requestsPerDay: 1000) { cluster in
            async let startA = cluster.serve("a")
            async let startB = cluster.serve("b")
            async let startC = cluster.serve("c")
            let (a, b, c) = try await (startA, startB, startC)

            for (locale, turns) in Self.conversations {
                let oneBox = try await Self.converse(turns, locale: locale, on: [a])
                let alternating = try await Self.converse(turns, locale: locale, on: [b, c, a])
                #expect(alternating == oneBox, "\(locale)\n\(alternating)\nvs one replica\n\(oneBox)")
                #expect(oneBox.dropFirst().allSatisfy { $0["followUp"] == true }, "\(locale): \(oneBox)")
                #expect(Set(oneBox.map { $0["valueMinor"] }).count > 1, "the turns ask different things: \(oneBox)")
            }

            // A conversation none of them issued is 404 on each.
            for replica in [a, b, c] {
                let unknown = try await Self.ask(replica, "and in September?", locale: "en-US", conversation: "cv_never_issued")
                #expect(unknown.status == 404 && unknown.errorCode == "conversation_not_found", "\(unknown.text)")
            }

            // An SMS imported on A is counted by a question on B.
            let december = "How much did I spend in December?"
            let before = try await Self.ask(b, december, locale: "en-US", conversation: nil, today: "2026-12-20")
            #expect(before.json?["transactions"] == 0, "\(before.text)")
            let imported = try await testRequest(port: a.port, method: "POST", path: "/v1/budget/sms", headers: [("Authorization", "Bearer \(a.token)")],
                                                 body: JSONWriter.bytes(["messages": ["Your card ending 1234 was charged 42.50 TRY at SHOP on 12/12/2026."]]))
            #expect(imported.status == 200 && imported.json?["stored"] == 1, "\(imported.text)")
            let after = try await Self.ask(c, december, locale: "en-US", conversation: nil, today: "2026-12-20")
            #expect(after.json?["transactions"] == 1 && after.json?["valueMinor"] == 4_250, "\(after.text)")
            let again = try await testRequest(port: b.port, method: "POST", path: "/v1/budget/sms", headers: [("Authorization", "Bearer \(b.token)")],
                                              body: JSONWriter.bytes(["messages": ["Your card ending 1234 was charged 42.50 TRY at SHOP on 12/12/2026."]]))
            #expect(again.json?["duplicates"] == 1 && again.json?["stored"] == 0, "the same message on another replica: \(again.text)")

            // A SIGKILLed after the first turn: the next turn, on B, continues the conversation as one replica would.
            let (locale, turns) = Self.conversations[0]
            let first = try await Self.ask(a, turns[0], locale: locale, conversation: nil)
            let conversation = try #require(first.json?["conversationId"]?.stringValue, "\(first.text)")
            try await a.kill()
            let next = try await Self.ask(b, turns[1], locale: locale, conversation: conversation)
            #expect(next.status == 200 && next.json?["followUp"] == true, "\(next.text)")
            #expect(Self.withoutConversation(next.json) == (try await Self.converse(Array(turns.prefix(2)), locale: locale, on: [c])[1]))
            try await b.stop()
            try await c.stop()
        }
    }
}
