import AssistGateway
import AssistHTTPServer
import AssistLocalModel
import AssistServer
import AssistServices
import AssistTestSupport
import AssistUnderstanding
import AssistWire
import Foundation
import Testing

/// Against the real embedded model: llama-server built by `make setup` and SmolLM2-135M-Instruct, both in
/// the cache directory. These tests start the server themselves (as `assist serve` does) and stop it.
@Suite("Embedded llama-server", .serialized)
struct EmbeddedModelTests {
    static func supervisor() throws -> LlamaServerSupervisor {
        var settings = EmbeddedModel.configuration(port: 0)
        settings.contextSize = 4096
        settings.parallelSlots = 2
        settings.logFile = FileManager.default.temporaryDirectory.appendingPathComponent("llama-test-\(settings.port).log").path
        return LlamaServerSupervisor(configuration: settings)
    }

    @Test("on the real model: the itinerary in Turkish narrated within 3 s (the model is not qualified), support chat streamed by the model")
    func realModelEndToEnd() async throws {
        let llama = try Self.supervisor()
        try await llama.start()
        defer { llama.stop() }
        let config = try GatewayAssembly.loadConfig(nil).overridingUpstream(llama.baseURL)
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-llama-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let assembly = try GatewayAssembly(config: config, dataDirectory: dataDirectory, modelReady: { await llama.isHealthy() })
        let services = ServiceGroup(assembly.services)
        services.start()
        let server = try HTTPServer(configuration: assembly.serverConfiguration(host: "127.0.0.1", port: 0), responder: assembly.gateway)
        try server.start()
        defer {
            server.stop()
            Task { await services.shutdown() }
        }

        #expect(try await testRequest(port: server.port, path: "/healthz").status == 200)
        let token = assembly.tokenIssuer().token(for: "u1")
        // The recorded qualification (golden/qualification.json) has the embedded model under the threshold for
        // every locale of the summary: the narrator writes it, at once, in Turkish too, with no model call.
        let started = ContinuousClock.now
        let narrated = try await testRequest(port: server.port, method: "POST", path: "/v1/assist/stream", headers: [("Authorization", "Bearer \(token)")],
                                             body: JSONWriter.bytes(["feature": "itinerary_summary", "input": ["bookingId": "BK-2041"], "locale": "tr-TR"]))
        #expect(ContinuousClock.now - started < .seconds(3))
        guard case .done(_, _, _, let source, _)? = narrated.events.last else { Issue.record("no done: \(narrated.text)"); return }
        #expect(source == .narrator)
        let summary = narrated.events.compactMap { if case .delta(let text) = $0 { text } else { nil } }.joined()
        #expect(summary.contains("İstanbul'dan") && summary.contains("14:40") && summary.contains("17:25"), "\(summary)")

        // The model itself, on a feature it is not disqualified from (support chat has no golden set).
        let body = JSONWriter.bytes(["feature": "support_chat", "input": ["message": "How much baggage can I take?"], "locale": "en-US"])
        let response = try await testRequest(port: server.port, method: "POST", path: "/v1/assist/stream",
                                             headers: [("Authorization", "Bearer \(token)")], body: body, timeout: .seconds(120))
        #expect(response.status == 200)
        let events = response.events
        let text = events.compactMap { if case .delta(let text) = $0 { text } else { nil } }.joined()
        #expect(!text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        guard case .done(let reason, let version, _, _, _)? = events.last else {
            Issue.record("stream did not end in done: \(response.text.suffix(300))")
            return
        }
        #expect(["stop", "length"].contains(reason))
        #expect(version == "2026-10-02.1")
        // The provider's usage chunk was counted.
        let row = try #require(await assembly.dependencies.stores.audit.recent(limit: 1).first)
        #expect(row.status == .ok)
        #expect(row.outputTokens > 0)
        #expect(row.inputTokens > 100)
    }

    @Test("through GuardedModel, the real model answers under a run-time schema, and the answer validates")
    func schemaConstrainedAnswer() async throws {
        let llama = try Self.supervisor()
        try await llama.start()
        defer { llama.stop() }
        let schema = DynamicSchema.object(properties: [
            .init("topic", .string(choices: ["refund", "baggage", "schedule_change", "payment", "other"])),
            .init("urgent", .boolean()),
        ])
        let door = GuardedModel(model: OpenAICompatibleModel(baseURL: URL(string: llama.baseURL)!, maxTokens: 64),
                                isEnabled: { true }, isAvailable: { true })
        let outcome = await door.respond(to: ModelPrompt(instructions: "Classify the customer's message. Answer in JSON.",
                                                          text: "My suitcase did not arrive in Lisbon."), schema: schema)
        guard case .success(let answer) = outcome else {
            Issue.record("expected success, got \(outcome)")
            return
        }
        #expect(schema.validator.isValid(answer))
        #expect(["refund", "baggage", "schedule_change", "payment", "other"].contains(answer["topic"]?.stringValue ?? ""))
    }

    @Test("a llama-server that dies is restarted; stop() ends its process group")
    func restartAndStop() async throws {
        let llama = try Self.supervisor()
        try await llama.start()
        let first = llama.pid
        #expect(first > 0)
        kill(first, SIGKILL)
        var healthy = false
        for _ in 0..<300 where !healthy {
            try await Task.sleep(for: .milliseconds(200))
            healthy = llama.pid != first && llama.pid > 0 ? await llama.isHealthy() : false
        }
        #expect(healthy)
        #expect(llama.restarts == 1)
        let second = llama.pid
        llama.stop()
        #expect(kill(second, 0) != 0)
        #expect(await llama.isHealthy() == false)
    }
}
