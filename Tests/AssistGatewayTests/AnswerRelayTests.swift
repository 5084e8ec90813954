@testable import AssistGateway
import AssistHTTP
import AssistTestSupport
import AssistWire
import Synchronization
import Testing

/// The relay's synchronous path (`AnswerRelay.sendNow`): a live answer's delta goes out without an async frame
/// when nothing stands in its way, and is left to `take` (which waits, or judges) when something does.
@Suite("Answer relay")
struct AnswerRelayTests {
    static func feature(guarded: Bool) throws -> FeatureRecord {
        var record = FeatureRecord(id: "support_chat", promptVersion: "v1", model: "m", maxOutputTokens: 10,
                                   rollout: .init(flag: "chat", percentage: 100), inputSchema: try InputSchema(["type": "object"]),
                                   template: .init(builder: "support_chat", instructions: "current"), quotas: [:])
        if guarded { record.answerGuard = AnswerGuardSettings(release: .sentence, onViolation: .withhold) }
        return record
    }

    static let prompt = Prompt(messages: [ChatMessage(role: .user, content: "hi")])

    /// Passes every sentence: the guard still holds text back until its sentence ends.
    struct PassingChecks: AnswerChecks, AnswerJudge {
        var known: Set<String> { [] }
        func judge(_ prompt: Prompt, feature: FeatureRecord, locale: String) -> any AnswerJudge { self }
        func violation(of sentence: String, after accepted: String, final: Bool) -> String? { nil }
    }

    /// A writer whose buffer is full until `makeRoom()`: `tryWrite` refuses, `write` waits for room.
    final class FullWriter: ResponseBodyWriter {
        let recorded = RecordingBodyWriter()
        private let room = Mutex(false)
        func makeRoom() { room.withLock { $0 = true } }
        func write(_ bytes: [UInt8]) async throws {
            while !room.withLock({ $0 }) { await Task.yield() }
            try await recorded.write(bytes)
        }
        func tryWrite(_ bytes: [UInt8]) -> Bool { room.withLock { $0 } && recorded.tryWrite(bytes) }
        func finish() { recorded.finish() }
        var isClientGone: Bool { recorded.isClientGone }
    }

    @Test("an unguarded answer's delta goes out at once, and its first release is noted")
    func sendsAtOnce() throws {
        var relay = AnswerRelay(feature: try Self.feature(guarded: false), prompt: Self.prompt, locale: "en-US", checks: nil)
        let writer = RecordingBodyWriter()
        let now = ContinuousClock.now
        let sent = relay.sendNow("Hello", to: writer, at: now)
        let sentNothing = relay.sendNow("", to: writer, at: now + .seconds(1))
        #expect(sent && sentNothing)
        #expect(writer.events == [.delta(text: "Hello")])
        #expect(relay.firstReleaseAt == now)
    }

    @Test("a full buffer leaves the delta to take, which waits for room and sends it once")
    func fullBufferWaits() async throws {
        var relay = AnswerRelay(feature: try Self.feature(guarded: false), prompt: Self.prompt, locale: "en-US", checks: nil)
        let writer = FullWriter()
        let now = ContinuousClock.now
        let sent = relay.sendNow("Hello", to: writer, at: now)
        #expect(!sent && writer.recorded.bytes.isEmpty && relay.firstReleaseAt == nil)
        writer.makeRoom()
        let stop = try await relay.take("Hello", to: writer, at: now)
        #expect(stop == nil && relay.firstReleaseAt == now)
        #expect(writer.recorded.events == [.delta(text: "Hello")])
    }

    @Test("a client gone: nothing is sent at once, and take throws ClientGone")
    func clientGone() async throws {
        var relay = AnswerRelay(feature: try Self.feature(guarded: false), prompt: Self.prompt, locale: "en-US", checks: nil)
        let writer = RecordingBodyWriter()
        writer.disconnect()
        let sent = relay.sendNow("Hello", to: writer, at: .now)
        #expect(!sent)
        await #expect(throws: ClientGone.self) {
            var relay = relay
            _ = try await relay.take("Hello", to: writer, at: .now)
        }
    }

    @Test("a guarded answer never goes out at once: its sentence is judged first")
    func guardedWaitsForItsSentence() async throws {
        var relay = AnswerRelay(feature: try Self.feature(guarded: true), prompt: Self.prompt, locale: "en-US", checks: PassingChecks())
        let writer = RecordingBodyWriter()
        let sent = relay.sendNow("Hello there", to: writer, at: .now)
        #expect(!sent)
        let first = try await relay.take("Hello there", to: writer, at: .now)
        #expect(first == nil && writer.bytes.isEmpty)  // the sentence has not ended
        let second = try await relay.take(". Bye.", to: writer, at: .now)
        let released = writer.events.map { event -> String in if case .delta(let text) = event { text } else { "" } }.joined()
        #expect(second == nil && released.hasPrefix("Hello there."))
    }
}
