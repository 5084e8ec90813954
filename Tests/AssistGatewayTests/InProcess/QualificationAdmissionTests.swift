import AssistGateway
import AssistHTTP
import AssistTestSupport
import AssistWire
import Synchronization
import Testing

/// Locales and qualification at admission: a locale the feature does not serve is refused; one the model is
/// not qualified for is written by the narrator (no provider call, no quota) or hidden.
@Suite("Qualification at admission, in-process")
struct QualificationAdmissionTests {
    /// Support chat with a golden set and a guard, so that qualification decides who writes it (the fixture's is
    /// unchecked: always the model).
    static func checked(_ json: inout JSONValue) {
        json.set("features.support_chat.qualification", "narrator")
        json.set("features.support_chat.goldenSet", "golden/chat.jsonl")
        json.set("features.support_chat.guard", ["release": "sentence", "onViolation": "fallback"])
    }

    @Test("a locale the feature does not list: 400 invalid_input naming the supported ones; nothing reaches the model")
    func unlistedLocale() async throws {
        let gateway = try InProcessGateway { $0.set("features.support_chat.locales", ["en-US", "tr-TR"]) }
        let refused = await gateway.stream(locale: "de-DE")
        #expect(refused.status == .badRequest && refused.errorCode == "invalid_input")
        #expect(refused.json?["error"]?["message"]?.stringValue?.contains("supported: en-US, tr-TR") == true)
        let served = await gateway.stream(locale: "tr-TR")
        #expect(served.status == .ok)
        _ = await served.body()
        #expect(gateway.provider.requests.count == 1)
    }

    @Test("the narrator writes the locale: its answer, marked narrator, no provider call, no quota; /v1/features says so")
    func narrator() async throws {
        let gateway = try InProcessGateway {
            Self.checked(&$0)
            $0.set("features.support_chat.locales", ["en-US", "tr-TR"])
        }
        let exchange = await gateway.stream()
        let writer = await exchange.body()
        #expect(writer.events.compactMap { if case .delta(let text) = $0 { text } else { nil } }.joined() == TestApps.Chat.narration)
        #expect(writer.events.last == .done(finishReason: "stop", promptVersion: "2026-10-02.1", source: .narrator))
        #expect(gateway.provider.requests.isEmpty && gateway.quota.reserved == 0)
        let row = try #require(await gateway.auditRow(exchange))
        #expect(row.status == .ok && row.reason == "narrator" && row.inputTokens == 0 && row.outputTokens == 0)
        let features = await gateway.send(.get, "/v1/features")
        let chat = features.json?["features"]?.arrayValue?.first { $0["id"] == "support_chat" }
        #expect(chat?["locales"] == ["en-US": "narrator", "tr-TR": "narrator"])
        // /healthz and the console's table say why (no result for this model and prompt version), and stay 200.
        let why = "no result recorded for SmolLM2-135M-Instruct at prompt version 2026-10-02.1: qualification.unknown is narrator"
        let health = await gateway.send(.get, "/healthz", as: nil)
        #expect(health.status == .ok)
        #expect(health.json?["checks"]?["qualification"] == ["status": "narrated", "locales": [
            ["feature": "support_chat", "locale": "en-US", "writer": "narrator", "reason": .string(why)],
            ["feature": "support_chat", "locale": "tr-TR", "writer": "narrator", "reason": .string(why)]]])
        let table = await gateway.send(.get, "/admin/features", as: nil, headers: [(.authorization, "Bearer admin-secret")])
        #expect(table.json?["writers"]?.arrayValue?.contains(["feature": "support_chat", "locale": "tr-TR", "writer": "narrator",
                                                              "reason": .string(why)]) == true)
        gateway.expectNothingHeld()
    }

    @Test("hidden: 403 feature_disabled for that locale, and left out of /v1/features")
    func hidden() async throws {
        let gateway = try InProcessGateway {
            Self.checked(&$0)
            $0.set("features.support_chat.locales", ["en-US"])
            $0.set("qualification", ["unknown": "hide"])
        }
        let refused = await gateway.stream()
        #expect(refused.status == .forbidden && refused.errorCode == "feature_disabled")
        #expect(gateway.provider.requests.isEmpty)
        let chat = await gateway.send(.get, "/v1/features").json?["features"]?.arrayValue?.first { $0["id"] == "support_chat" }
        #expect(chat?["locales"] == [:])
    }

    @Test("POST /admin/reload re-reads the results: a locale recorded under the threshold is narrated from then on")
    func reloadReadsResults() async throws {
        let recorded = Mutex(QualificationResults())
        let edit: @Sendable (inout JSONValue) -> Void = {
            Self.checked(&$0)
            $0.set("qualification", ["unknown": "serve"])
        }
        var config = ConfigFixture.json
        edit(&config)
        let reloaded = try ConfigFixture.load(config)
        let gateway = try InProcessGateway(reload: InProcessGateway.Reload { reloaded },
                                           qualification: QualificationSource(read: { recorded.withLock { $0 } }), edit: edit)
        #expect(await gateway.stream().body().events.last == .done(finishReason: "stop", promptVersion: "2026-10-02.1", source: .model))
        var failing = QualificationResults()
        failing.record(.init(passed: 1, cases: 10, recordedAt: ""),
                       for: .init(feature: "support_chat", locale: "en-US", promptVersion: "2026-10-02.1", model: "SmolLM2-135M-Instruct"))
        recorded.withLock { $0 = failing }
        #expect(await gateway.send(.post, "/admin/reload", as: nil, headers: [(.authorization, "Bearer admin-secret")]).status == .ok)
        let writer = await gateway.stream().body()
        #expect(writer.events.last == .done(finishReason: "stop", promptVersion: "2026-10-02.1", source: .narrator))
        let table = await gateway.send(.get, "/admin/features", as: nil, headers: [(.authorization, "Bearer admin-secret")])
        #expect(table.json?["qualification"]?.arrayValue?.first?["passRate"] == .number(0.1))
    }
}
