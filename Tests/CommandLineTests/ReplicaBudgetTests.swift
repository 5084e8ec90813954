import AssistTestSupport
import AssistWire
import Foundation
import NginxFront
import Testing

/// Issue 29: a budget answer does not depend on the replica that computes it. Three `assist serve` processes on one
/// Redis and one PostgreSQL (`SharedReplicas`); the turns of a conversation go to each in turn, and must give what
/// the same turns give on one replica, in English and Turkish; an SMS imported on one is counted on another; an
/// unknown conversation is 404 on each; through the shipped nginx in front of the three, the same; a replica SIGKILLed
/// between two turns loses nothing of the conversation.
@Suite("Replicas share the budget app's data", .serialized)
struct ReplicaBudgetTests {
    static let conversations: [(locale: String, turns: [String])] = [
        ("en-US", ["How much did I spend on restaurants last month?", "and in September?", "what about Zara?", "and last month?"]),
        ("tr-TR", ["geçen ay restoranlara ne kadar harcadım?", "peki eylülde?", "peki Zara?", "ya geçen ay?"]),
    ]

    /// `POST /v1/assist` for `budget_question`.
    /// `POST /v1/assist` for `budget_question` on `port` (a replica, or nginx), as u1 (`token`: any replica's is good
    /// on every one).
    static func ask(port: Int, token: String, _ question: String, locale: String, conversation: String?,
                    today: String = "2026-11-29") async throws -> TestResponse {
        var input: [String: JSONValue] = ["question": .string(question), "today": .string(today)]
        if let conversation { input["conversationId"] = .string(conversation) }
        return try await testRequest(port: port, method: "POST", path: "/v1/assist", headers: [("Authorization", "Bearer \(token)")],
                                     body: JSONWriter.bytes(["feature": "budget_question", "locale": .string(locale), "input": .object(input)]))
    }

    static func ask(_ replica: SharedReplicas.Served, _ question: String, locale: String, conversation: String?,
                    today: String = "2026-11-29") async throws -> TestResponse {
        try await ask(port: replica.port, token: replica.token, question, locale: locale, conversation: conversation, today: today)
    }

    /// The turns of one conversation, turn i on `ports[i % count]`: each answer without its conversation id.
    static func converse(_ turns: [String], locale: String, ports: [Int], token: String) async throws -> [JSONValue] {
        var conversation: String?
        var answers: [JSONValue] = []
        for (index, turn) in turns.enumerated() {
            let response = try await ask(port: ports[index % ports.count], token: token, turn, locale: locale, conversation: conversation)
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

    @Test("each turn on another replica, or through nginx, answers as one replica does (en, tr); SMS on one counted on another; 404 on each; SIGKILL between turns")
    func budgetAcrossReplicas() async throws {
        try await SharedReplicas.with(limits: [:], requestsPerDay: 1000) { cluster in
            async let startA = cluster.serve("a")
            async let startB = cluster.serve("b")
            async let startC = cluster.serve("c")
            let (a, b, c) = try await (startA, startB, startC)

            let nginx = try await onOwnThread { try NginxServer.start(replicas: [a, b, c].map(\.port)) }
            defer { nginx.stop() }
            for (locale, turns) in Self.conversations {
                let oneBox = try await Self.converse(turns, locale: locale, ports: [a.port], token: a.token)
                let alternating = try await Self.converse(turns, locale: locale, ports: [b, c, a].map(\.port), token: a.token)
                #expect(alternating == oneBox, "\(locale)\n\(alternating)\nvs one replica\n\(oneBox)")
                let throughNginx = try await Self.converse(turns, locale: locale, ports: [nginx.port], token: a.token)
                #expect(throughNginx == oneBox, "\(locale) through nginx\n\(throughNginx)\nvs one replica\n\(oneBox)")
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
            #expect(next.status == 200 && next.json?["followUp"] == true, "\(next.text)\n\(first.text)\n\(cluster.logs)")
            #expect(Self.withoutConversation(next.json) == (try await Self.converse(Array(turns.prefix(2)), locale: locale, ports: [c.port], token: c.token)[1]))
            try await b.stop()
            try await c.stop()
        }
    }
}
