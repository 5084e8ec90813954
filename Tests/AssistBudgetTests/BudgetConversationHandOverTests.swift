import AssistBudget
import AssistGateway
import AssistSQLite
import AssistWire
import Foundation
import Synchronization
import Testing

/// A follow-up's conversation is read once per request: `prepare` (before admission takes any quota) reads it and
/// hands it to `answer` in `PromptContext.prepared` (issue 29: the row was read twice, a store round trip each).
@Suite("Budget conversation handed from prepare to answer")
struct BudgetConversationHandOverTests {
    /// The SQLite conversations, counting reads.
    final class CountingConversations: BudgetConversationStore {
        let base: SQLiteBudgetConversations
        private let reads = Mutex(0)
        init(_ base: SQLiteBudgetConversations) { self.base = base }

        var readCount: Int { reads.withLock { $0 } }
        func last(user: String, id: String, now: Date) async throws -> FinanceQuestion? {
            reads.withLock { $0 += 1 }
            return try await base.last(user: user, id: id, now: now)
        }
        func remember(_ question: FinanceQuestion, user: String, id: String, now: Date) async throws {
            try await base.remember(question, user: user, id: id, now: now)
        }
    }

    /// Never called: the rules understand every question here, and ask anything is off.
    struct NoModel: ModelProvider {
        func stream(_ request: ProviderRequest) -> ProviderStream {
            let (stream, continuation) = AsyncThrowingStream<ProviderChunk, any Error>.makeStream()
            continuation.finish(throwing: ProviderError.protocolViolation("no model in this test"))
            return ProviderStream(stream, cancel: {})
        }
    }

    func context(_ input: [String: JSONValue]) throws -> PromptContext {
        let record = FeatureRecord(id: "budget_question", promptVersion: "v1", model: "m", maxOutputTokens: 64,
                                   inputSchema: try InputSchema(["type": "object"]),
                                   template: .init(builder: "budget_question", instructions: ""), quotas: [:])
        return PromptContext(user: "u1", feature: record, input: input, locale: "en-US")
    }

    @Test("one read of the conversation per follow-up; answer without prepare still reads it; an unknown id is 404 either way")
    func oneRead() async throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let conversations = CountingConversations(try SQLiteBudgetConversations(database: database))
        let feature = BudgetQuestionFeature(store: try SQLiteBudgetStore(database: database), conversations: conversations, demoSpending: true)
        let alias = ModelAlias(provider: "openai-compatible", baseURL: "http://127.0.0.1:9/v1", model: "m")

        let first = await feature.answer(try context(["question": "how much did I spend at Migros last month?", "today": "2026-12-01"]),
                                         provider: NoModel(), model: alias, apiKey: nil)
        let id = try #require(first.json["conversationId"]?.stringValue, "\(first.json)")
        #expect(conversations.readCount == 0)

        var followUp = try context(["question": "and the month before?", "today": "2026-12-01", "conversationId": .string(id)])
        followUp.prepared = try await feature.prepare(followUp)
        #expect(conversations.readCount == 1)
        let answer = await feature.answer(followUp, provider: NoModel(), model: alias, apiKey: nil)
        #expect(conversations.readCount == 1, "answer read the conversation again")
        #expect(answer.json["period"] == ["from": "2026-10-01", "to": "2026-10-31"] && answer.json["merchant"] == "Migros", "\(answer.json)")

        // A caller that does not prepare (an evaluation) gets the same answer, from its own read.
        let unprepared = await feature.answer(try context(["question": "and the month before?", "today": "2026-12-01", "conversationId": .string(id)]),
                                              provider: NoModel(), model: alias, apiKey: nil)
        #expect(conversations.readCount == 2)
        #expect(unprepared.json["period"] == ["from": "2026-09-01", "to": "2026-09-30"], "\(unprepared.json)")

        let unknown = try context(["question": "and the month before?", "conversationId": "cv_never"])
        await #expect(throws: PromptBuildError.self) { _ = try await feature.prepare(unknown) }
        #expect(await feature.answer(unknown, provider: NoModel(), model: alias, apiKey: nil).failure?.code == .conversationNotFound)
    }
}
