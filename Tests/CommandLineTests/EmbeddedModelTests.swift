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

    /// A gateway on `config` in front of the running llama-server, on a port of its own; stopped by `stop()`.
    struct Served {
        let assembly: GatewayAssembly
        let server: HTTPServer
        let services: ServiceGroup
        let dataDirectory: URL
        var port: Int { server.port }
        var token: String { assembly.tokenIssuer().token(for: "u1") }

        init(_ config: GatewayConfig, llama: LlamaServerSupervisor) throws {
            dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-llama-\(UUID().uuidString)")
            assembly = try GatewayAssembly(config: config, dataDirectory: dataDirectory, modelReady: { await llama.isHealthy() })
            services = ServiceGroup(assembly.services)
            services.start()
            server = try HTTPServer(configuration: assembly.serverConfiguration(host: "127.0.0.1", port: 0), responder: assembly.gateway)
            try server.start()
        }

        func stream(_ feature: String, _ input: JSONValue, locale: String) async throws -> TestResponse {
            try await testRequest(port: port, method: "POST", path: "/v1/assist/stream", headers: [("Authorization", "Bearer \(token)")],
                                  body: JSONWriter.bytes(["feature": .string(feature), "input": input, "locale": .string(locale)]),
                                  timeout: .seconds(120))
        }

        func stop() async {
            server.stop()
            await services.shutdown()
            try? FileManager.default.removeItem(at: dataDirectory)
        }
    }

    static func text(_ response: TestResponse) -> String {
        response.events.compactMap { if case .delta(let text) = $0 { text } else { nil } }.joined()
    }

    @Test("on the real model, as make run serves it: the itinerary narrated and support chat checked; unchecked, the model streams")
    func realModelEndToEnd() async throws {
        let llama = try Self.supervisor()
        try await llama.start()
        defer { llama.stop() }
        let config = try GatewayAssembly.loadConfig(nil).overridingUpstream(llama.baseURL)
        let builtIn = try Served(config, llama: llama)
        #expect(try await testRequest(port: builtIn.port, path: "/healthz").status == 200)
        // The recorded qualification (golden/qualification.json) has the embedded model under the threshold for
        // every locale of the summary: the narrator writes it, at once, in Turkish too, with no model call.
        // The bounds are a generous guard against a hang, not a speed target (that is `make bench`'s): this pass runs
        // beside Chromium and other real-model tests, where a narrated answer once took 3.9 s on the test's own clock.
        var started = ContinuousClock.now
        let narrated = try await builtIn.stream("itinerary_summary", ["bookingId": "BK-2041"], locale: "tr-TR")
        #expect(ContinuousClock.now - started < .seconds(30))
        guard case .done(_, _, _, let source, _)? = narrated.events.last else { Issue.record("no done: \(narrated.text)"); await builtIn.stop(); return }
        #expect(source == .narrator)
        let summary = Self.text(narrated)
        #expect(summary.contains("İstanbul'dan") && summary.contains("14:40") && summary.contains("17:25"), "\(summary)")

        // Issue 28's two support requests: a bag that did not arrive, in en-GB; a refund with a card number, in Turkish.
        started = ContinuousClock.now
        let bag = try await builtIn.stream("support_chat", ["message": "My bag did not arrive in Lisbon. What should I do?", "topic": "baggage"],
                                           locale: "en-GB")
        #expect(ContinuousClock.now - started < .seconds(30))
        guard case .done(let bagReason, _, _, _, _)? = bag.events.last else { Issue.record("no done: \(bag.text)"); await builtIn.stop(); return }
        #expect(bagReason == "stop")
        #expect(Self.text(bag).contains("23 kg"), "\(Self.text(bag))")
        started = ContinuousClock.now
        let refund = try await builtIn.stream("support_chat", ["message": "Biletimi iptal ettim, iadeyi 4111 1111 1111 1111 numaralı kartıma yapın.",
                                                               "topic": "refund"], locale: "tr-TR")
        #expect(ContinuousClock.now - started < .seconds(30))
        guard case .done(let refundReason, _, _, _, _)? = refund.events.last else { Issue.record("no done: \(refund.text)"); await builtIn.stop(); return }
        #expect(refundReason == "stop")
        let refundText = Self.text(refund)
        #expect(refundText.contains("iade") && !refundText.contains("4111") && !refundText.contains("1111"), "\(refundText)")
        await builtIn.stop()

        // The model itself, on support chat served unchecked (no guard, its text as written): streamed, usage counted.
        var unchecked = config
        unchecked.features["support_chat"]?.answerGuard = nil
        unchecked.features["support_chat"]?.unchecked = true
        let raw = try Served(unchecked, llama: llama)
        let response = try await raw.stream("support_chat", ["message": "How much baggage can I take?"], locale: "en-US")
        #expect(response.status == 200)
        let events = response.events
        #expect(!Self.text(response).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        guard case .done(let reason, let version, _, _, _)? = events.last else {
            Issue.record("stream did not end in done: \(response.text.suffix(300))")
            await raw.stop()
            return
        }
        #expect(["stop", "length"].contains(reason))
        #expect(version == "2026-12-02.1")
        // The provider's usage chunk was counted.
        let row = try #require(try await raw.assembly.dependencies.stores.audit.recent(limit: 1).first)
        #expect(row.status == .ok)
        #expect(row.outputTokens > 0)
        #expect(row.inputTokens > 100)
        await raw.stop()
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
