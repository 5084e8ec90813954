import AssistGateway
import AssistServer
import AssistStores
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import LocalServers
import ScriptedUpstream
import Testing

/// A model alias with two targets, each a real scripted upstream over HTTP (or a port nobody listens on): the
/// fallback rules end to end, through the gateway's server, curl and SQLite.
@Suite("Provider fallback, end to end")
struct ProviderFallbackTests {
    static let price: JSONValue = ["inputPerMTok": 2, "outputPerMTok": 8]

    /// A gateway whose `local-small` alias (every built-in feature's) tries `first`, then the harness's own upstream
    /// (model `b`, priced), which answers with `answer`.
    static func harness(first: String, answer: [String] = ["from ", "b"], alias extra: [String: JSONValue] = [:]) throws -> GatewayHarness {
        var alias: [String: JSONValue] = ["firstTokenTimeoutSeconds": 0.5]
        for (key, value) in extra { alias[key] = value }
        return try GatewayHarness(script: Script(tokens: answer), models: { upstreamURL in
            alias["targets"] = [["provider": "openai-compatible", "baseURL": .string(first), "model": "a"],
                                ["provider": "openai-compatible", "baseURL": .string(upstreamURL), "model": "b", "price": price]]
            return ["local-small": .object(alias)]
        })
    }

    static func deltas(_ events: [AssistEvent]) -> String {
        events.compactMap { if case .delta(let text) = $0 { text } else { nil } }.joined()
    }

    @Test("a refused connection, a 500 and a 429 each fall back to the next target; one reservation, one row naming who answered",
          arguments: ["refused", "500", "429"])
    func fallsBack(_ failure: String) async throws {
        let failing = failure == "refused" ? nil : try ScriptedUpstream(script: Script(status: Int(failure)!))
        defer { failing?.stop() }
        let first = try failing?.baseURL ?? "http://127.0.0.1:\(freeLoopbackPort())/v1"
        let harness = try Self.harness(first: first)
        let response = try await harness.stream(body: GatewayHarness.uncachedBody)
        #expect(response.status == 200)
        #expect(Self.deltas(response.events) == "from b", "\(response.text)")
        #expect(response.events.last.map { if case .done = $0 { true } else { false } } == true)
        #expect(response.headers["ratelimit-remaining"] == "29", "one reservation across the attempts")
        if let failing { #expect(failing.requests.count == 1) }
        let row = try #require(await harness.auditRow(response.headers["x-request-id"]))
        #expect(row.status == .ok)
        #expect(row.target == "openai-compatible:b")
        #expect(row.attempts == 2)
        #expect(row.costMicros == row.inputTokens * 2 + row.outputTokens * 8)
        let metrics = try await testRequest(port: harness.port, method: "GET", path: "/metrics").text
        let cause = failure == "refused" ? "connect" : failure == "500" ? "5xx" : "429"
        #expect(metrics.contains(#"assist_provider_attempts_total{target="openai-compatible:a",outcome="\#(cause)"} 1"#), "\(metrics)")
        #expect(metrics.contains(#"assist_provider_fallbacks_total{target="openai-compatible:a"} 1"#))
        #expect(metrics.contains(#"assist_cost_micros_total{feature="support_chat"} \#(row.costMicros ?? -1)"#))
    }

    @Test("a target silent past firstTokenTimeoutSeconds is left (its connection closed) and the next answers")
    func firstTokenTimeout() async throws {
        let stalled = try ScriptedUpstream(script: Script(firstTokenDelay: .seconds(60)))
        defer { stalled.stop() }
        let harness = try Self.harness(first: stalled.baseURL)
        let response = try await harness.stream(body: GatewayHarness.uncachedBody)
        #expect(Self.deltas(response.events) == "from b", "\(response.text)")
        #expect(await stalled.waitForEnd(of: 0)?.disconnectedAt != nil, "the stalled call is cancelled, not left running")
        #expect(await harness.auditRow(response.headers["x-request-id"])?.attempts == 2)
    }

    @Test("after the first delta a failure ends the stream with an error event: the next target is never asked")
    func noFallbackAfterTheFirstDelta() async throws {
        let dying = try ScriptedUpstream(script: Script(tokens: ["half"], ending: .truncate))
        defer { dying.stop() }
        let harness = try Self.harness(first: dying.baseURL)
        let response = try await harness.stream(body: GatewayHarness.uncachedBody)
        #expect(Self.deltas(response.events) == "half")
        #expect(response.events.last == .error(code: .upstreamFailed), "\(response.text)")
        #expect(harness.upstream.requests.isEmpty)
        let row = try #require(await harness.auditRow(response.headers["x-request-id"]))
        #expect(row.target == "openai-compatible:a" && row.attempts == 1)
        #expect(row.costMicros == nil, "a has no price")
    }

    @Test("a request the provider refuses as bad (400) does not fall back")
    func badRequestDoesNotFallBack() async throws {
        let refusing = try ScriptedUpstream(script: Script(status: 400))
        defer { refusing.stop() }
        let harness = try Self.harness(first: refusing.baseURL)
        let response = try await harness.stream(body: GatewayHarness.uncachedBody)
        #expect(response.events.last == .error(code: .upstreamFailed), "\(response.text)")
        #expect(harness.upstream.requests.isEmpty)
        let row = try #require(await harness.auditRow(response.headers["x-request-id"]))
        #expect(row.target == nil && row.attempts == 1)
    }

    @Test("a breaker open on the first target sends the next requests straight to the second, and /metrics shows it")
    func breaker() async throws {
        let failing = try ScriptedUpstream(script: Script(status: 503))
        defer { failing.stop() }
        let harness = try Self.harness(first: failing.baseURL, alias: ["breaker": ["failures": 1, "openSeconds": 60]])
        for _ in 0..<3 {
            let response = try await harness.stream(body: GatewayHarness.uncachedBody)
            #expect(Self.deltas(response.events) == "from b")
        }
        #expect(failing.requests.count == 1, "skipped while its breaker is open")
        let metrics = try await testRequest(port: harness.port, method: "GET", path: "/metrics").text
        #expect(metrics.contains(#"assist_provider_breaker_open{target="openai-compatible:a"} 1"#))
        #expect(metrics.contains(#"assist_provider_attempts_total{target="openai-compatible:a",outcome="skipped"} 2"#))
    }

    @Test("a structured feature's model call falls back the same way")
    func structuredFeature() async throws {
        let failing = try ScriptedUpstream(script: Script(status: 502))
        defer { failing.stop() }
        let harness = try Self.harness(first: failing.baseURL, answer: [#"{"children":"#, "2}"])
        let response = try await testRequest(
            port: harness.port, method: "POST", path: "/v1/assist", headers: [("Authorization", "Bearer \(harness.token())")],
            body: JSONWriter.bytes(["feature": "smart_search", "locale": "en-US",
                                    "input": ["text": "two adults, somewhere sunny in Lisbon, kids: 2", "today": "2026-11-29"]]))
        #expect(response.json?["source"] == "model", "\(response.text)")
        #expect(response.json?["filters"]?["children"] == 2)
        #expect(failing.requests.count == 1)
        let row = try #require(await harness.auditRow(response.headers["x-request-id"]))
        #expect(row.target == "openai-compatible:b" && row.attempts == 2)
    }

    @Test("native formats behind one alias: a 503 from OpenAI's, then an overloaded Anthropic stream before its first word, then Gemini answers")
    func acrossFormats() async throws {
        let openAI = try ScriptedUpstream(script: Script(status: 503))
        let anthropic = try ScriptedUpstream(script: Script(tokens: [], ending: .errorEvent(status: 529)), format: .anthropic)
        let gemini = try ScriptedUpstream(script: Script(tokens: ["Merhaba", " dünya"]), format: .gemini)
        defer { [openAI, anthropic, gemini].forEach { $0.stop() } }
        let harness = try GatewayHarness(environment: ["TEST_ANTHROPIC_KEY": "ak", "TEST_GEMINI_KEY": "gk"], models: { _ in
            ["local-small": ["targets": [
                ["provider": "openai-compatible", "baseURL": .string(openAI.baseURL), "model": "small"],
                ["provider": "anthropic", "baseURL": .string(anthropic.baseURL(for: .anthropic)), "model": "claude-x", "apiKeyEnv": "TEST_ANTHROPIC_KEY"],
                ["provider": "gemini", "baseURL": .string(gemini.baseURL(for: .gemini)), "model": "gem", "apiKeyEnv": "TEST_GEMINI_KEY",
                 "price": ["inputPerMTok": 1, "outputPerMTok": 1]]]]]
        })
        let response = try await harness.stream(body: GatewayHarness.uncachedBody)
        #expect(Self.deltas(response.events) == "Merhaba dünya", "\(response.text)")
        #expect(anthropic.requests.first?.apiKey == "ak")
        #expect(gemini.requests.first?.apiKey == "gk")
        #expect(gemini.requests.first?.path.hasSuffix("/models/gem:streamGenerateContent") == true, "\(gemini.requests.first?.path ?? "")")
        let row = try #require(await harness.auditRow(response.headers["x-request-id"]))
        #expect(row.target == "gemini:gem" && row.attempts == 3)
        #expect(row.costMicros == row.inputTokens + row.outputTokens)
        #expect(row.inputTokens > 0 && row.outputTokens > 0, "Gemini's usageMetadata is charged")
    }

    @Test("a cost quota reserves the most an answer could cost, settles at the answering target's price, and refuses once spent")
    func costQuota() async throws {
        func quotas(_ costMicros: Int) -> JSONValue {
            let level: JSONValue = ["requestsPerDay": 100, "tokensPerDay": 1_000_000, "costMicrosPerDay": .number(Double(costMicros))]
            return ["trusted": level, "degraded": level, "untrusted": level, "unavailable": level]
        }
        let refused = try ScriptedUpstream(script: Script(status: 500))
        defer { refused.stop() }
        let models: (String) -> JSONValue = { upstreamURL in
            ["local-small": ["targets": [["provider": "openai-compatible", "baseURL": .string(refused.baseURL), "model": "a"],
                                         ["provider": "openai-compatible", "baseURL": .string(upstreamURL), "model": "b", "price": Self.price]]]]
        }
        let harness = try GatewayHarness(features: ["support_chat": ["quotas": quotas(1_000_000_000)]], models: models)
        var spent = 0
        for _ in 0..<3 {
            let response = try await harness.stream(body: GatewayHarness.uncachedBody)
            #expect(Self.deltas(response.events) == "Hello, world.")
            spent += try #require(await harness.auditRow(response.headers["x-request-id"])?.costMicros)
        }
        let store = try #require(harness.assembly.dependencies.stores.quota as? JournaledQuotaStore)
        let key = QuotaKey(user: "u1", feature: "support_chat", day: UTCDay(containing: Date()))
        #expect(store.usage(for: key.cost).tokens == spent, "the cost window holds what the answers cost, not what was reserved")
        #expect(spent > 0)

        let broke = try GatewayHarness(features: ["support_chat": ["quotas": quotas(0)]], models: models)
        let response = try await broke.stream(body: GatewayHarness.uncachedBody)
        #expect(response.status == 429)
        #expect(response.json?["error"]?["code"] == "quota_exceeded", "\(response.text)")
        #expect(broke.upstream.requests.isEmpty)
    }
}
