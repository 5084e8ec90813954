import AssistGateway
import AssistTestSupport
import AssistWire
import Testing

/// A feature with a `guard`: the model's sentences held to the app's checks before the client sees them, and
/// what each `onViolation` does with one that fails.
@Suite("Answer guard, in-process")
struct AnswerGuardTests {
    static let answer = ScriptedProvider.Script.answer(["Your bag ", "is on its way. It ", "arrives at 11:15", ". It is in the hall. SORRY", " again."])

    func gateway(release: String = "sentence", onViolation: String, script: ScriptedProvider.Script = answer) throws -> InProcessGateway {
        try InProcessGateway(provider: ScriptedProvider(script)) {
            $0.set("features.support_chat.guard", ["release": .string(release), "onViolation": .string(onViolation)])
        }
    }

    func text(_ writer: RecordingBodyWriter) -> String {
        writer.events.map { if case .delta(let text) = $0 { text } else { "" } }.joined()
    }

    @Test("withhold: failing sentences never reach the client, the rest does; done says model and how many were withheld")
    func withhold() async throws {
        let gateway = try gateway(onViolation: "withhold")
        let exchange = await gateway.stream()
        let writer = await exchange.body()
        #expect(text(writer) == "Your bag is on its way. It is in the hall.")
        #expect(writer.events.last == .done(finishReason: "stop", promptVersion: "2026-10-02.1", source: .model, withheld: 2))
        let row = try #require(await gateway.auditRow(exchange))
        #expect(row.status == .ok && row.reason == "guard:times_match")
        gateway.expectNothingHeld()
    }

    @Test("fallback: the provider call is cancelled and the narrator's answer follows what was released")
    func fallback() async throws {
        let gateway = try gateway(onViolation: "fallback", script: .init(chunks: Self.answer.chunks.dropLast(2), end: .hang))
        let exchange = await gateway.stream()
        let writer = await exchange.body()
        #expect(text(writer) == "Your bag is on its way.\n\n" + TestApps.Chat.narration)
        #expect(writer.events.last == .done(finishReason: "stop", promptVersion: "2026-10-02.1", source: .narrator))
        #expect(gateway.provider.cancelledCalls == 1)
        #expect(await gateway.auditRow(exchange)?.reason == "guard:times_match,narrator")
        gateway.expectNothingHeld()
    }

    @Test("end: the stream ends with answer_withheld after the text that passed")
    func end() async throws {
        let gateway = try gateway(onViolation: "end")
        let exchange = await gateway.stream()
        let writer = await exchange.body()
        #expect(text(writer) == "Your bag is on its way.")
        #expect(writer.events.last == .error(code: .answerWithheld))
        let row = try #require(await gateway.auditRow(exchange))
        #expect(row.status == .answerWithheld && row.reason == "guard:times_match")
        gateway.expectNothingHeld()
    }

    @Test("withhold with every sentence failing: the narrator answers instead")
    func everythingWithheld() async throws {
        let gateway = try gateway(onViolation: "withhold", script: .answer(["LOUD. ", "At 23:59."]))
        let writer = await gateway.stream().body()
        #expect(text(writer) == TestApps.Chat.narration)
        #expect(writer.events.last == .done(finishReason: "stop", promptVersion: "2026-10-02.1", source: .narrator, withheld: 2))
    }

    @Test("token release: text goes out as it comes; a failing sentence still falls back once it completes")
    func tokenRelease() async throws {
        let gateway = try gateway(release: "token", onViolation: "fallback")
        let writer = await gateway.stream().body()
        // The piece that completed the failing sentence was sent before it was judged: that is token release's cost.
        #expect(text(writer) == "Your bag is on its way. It arrives at 11:15. It is in the hall. SORRY\n\n" + TestApps.Chat.narration)
        #expect(writer.events.last == .done(finishReason: "stop", promptVersion: "2026-10-02.1", source: .narrator))
    }

    @Test("no guard: the text streams as the model wrote it and done carries no source")
    func unguarded() async throws {
        let writer = await (try InProcessGateway(provider: ScriptedProvider(Self.answer))).stream().body()
        #expect(text(writer) == "Your bag is on its way. It arrives at 11:15. It is in the hall. SORRY again.")
        #expect(writer.events.last == .done(finishReason: "stop", promptVersion: "2026-10-02.1"))
    }

    @Test("guard settings are read strictly: unknown values and keys name their path")
    func settings() throws {
        #expect(ConfigFixture.issues { $0.set("features.support_chat.guard", ["onViolation": "shout"]) }.map(\.description)
                == ["features.support_chat.guard.onViolation: must be withhold, fallback or end"])
        #expect(ConfigFixture.issues { $0.set("features.support_chat.guard", ["release": "word", "when": 1]) }.map(\.description)
                == ["features.support_chat.guard.when: unknown key", "features.support_chat.guard.release: must be sentence or token"])
        #expect(try ConfigFixture.load().features["support_chat"]?.answerGuard == nil)
    }
}
