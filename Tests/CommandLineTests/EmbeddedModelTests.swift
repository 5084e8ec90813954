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

    @Test("an itinerary summary from the real model streams deltas and ends in done")
    func realItinerarySummary() async throws {
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
        let body = JSONWriter.bytes(["feature": "itinerary_summary", "input": ["bookingId": "BK-2041"], "locale": "en-US"])
        let response = try await testRequest(port: server.port, method: "POST", path: "/v1/assist/stream",
                                             headers: [("Authorization", "Bearer \(assembly.tokenIssuer().token(for: "u1"))")],
                                             body: body, timeout: .seconds(120))
        #expect(response.status == 200)
        let events = response.events
        let text = events.compactMap { if case .delta(let text) = $0 { text } else { nil } }.joined()
        #expect(!text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        guard case .done(let reason, let version, _, _, _)? = events.last else {
            Issue.record("stream did not end in done: \(response.text.suffix(300))")
            return
        }
        #expect(["stop", "length"].contains(reason))
        #expect(version == "2026-09-18.2")
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
