import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

@Suite("Streaming happy path")
struct HappyPathTests {
    @Test("an itinerary summary streams ping, every delta, then done with the prompt version")
    func exactEventSequence() async throws {
        let harness = try GatewayHarness(script: Script(tokens: ["İstanbul", " → ", "Lizbon", "\n\"14:40\""]))
        let response = try await harness.stream()
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "text/event-stream; charset=utf-8")
        #expect(response.headers["cache-control"] == "no-cache")
        #expect(response.headers["x-accel-buffering"] == "no")
        #expect(response.headers["x-request-id"]?.hasPrefix("req_") == true)
        #expect(response.headers["ratelimit-remaining"] == "29")
        #expect(Int(response.headers["ratelimit-reset"] ?? "") ?? 0 > 0)
        #expect(response.text.hasPrefix(": ping\n\n"))
        #expect(response.events == [
            .facts(["booking": ["id": "BK-2041", "version": 3, "status": "confirmed", "segments": [[
                "flight": "TK1759", "from": "IST", "to": "LIS", "fromCity": "Istanbul", "toCity": "Lisbon",
                "departure": "2026-10-14T14:40:00+03:00", "arrival": "2026-10-14T17:25:00+01:00", "status": "confirmed",
            ]], "travellers": [
                ["name": "Deniz Yılmaz", "type": "adult"], ["name": "Elif Yılmaz", "type": "adult"], ["name": "Can Yılmaz", "type": "child"],
            ], "hotels": [
                ["name": "Casa do Chiado Boutique Hotel", "city": "Lisbon", "checkIn": "2026-10-14", "checkOut": "2026-10-19"],
            ]]]),
            .delta(text: "İstanbul"), .delta(text: " → "), .delta(text: "Lizbon"), .delta(text: "\n\"14:40\""),
            .done(finishReason: "stop", promptVersion: "2026-11-30.1"),
        ])
        // Exactly one data line per event, each followed by a blank line.
        let frames = response.text.components(separatedBy: "\n\n").filter { !$0.isEmpty }
        #expect(frames.count == 7)
        #expect(frames.dropFirst().allSatisfy { $0.hasPrefix("data: ") && !$0.dropFirst(6).contains("\n") })
    }

    @Test("a caller's traceparent reaches the upstream over curl, for the same trace, as the gateway's child span")
    func traceparentReachesUpstream() async throws {
        let harness = try GatewayHarness()
        let caller = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"
        let response = try await harness.stream(headers: [("traceparent", caller)])
        #expect(response.headers["x-trace-id"] == "0af7651916cd43dd8448eb211c80319c")
        let sent = try #require(harness.upstream.requests.first?.traceparent)
        #expect(sent.hasPrefix("00-0af7651916cd43dd8448eb211c80319c-") && sent.hasSuffix("-01") && !sent.contains("b7ad6b7169203331"), "\(sent)")
    }

    @Test("a feature with coalesceDeltas sends the same text in fewer delta events; without it, one event per upstream chunk")
    func coalescedDeltas() async throws {
        let tokens = (0..<1_000).map { "w\($0) " }
        for coalesce in [false, true] {
            let harness = try GatewayHarness(script: Script(tokens: tokens),
                                             features: ["itinerary_summary": ["coalesceDeltas": .bool(coalesce), "maxOutputTokens": 8_192]])
            let events = try await harness.stream().events
            let deltas = events.compactMap { if case .delta(let text) = $0 { text } else { nil } }
            #expect(deltas.joined() == tokens.joined())
            #expect(coalesce ? deltas.count < tokens.count : deltas.count == tokens.count)
            guard case .done(let reason, _, _, _, _)? = events.last else { Issue.record("no done event: \(events.suffix(2))"); continue }
            #expect(reason == "stop")
        }
    }

    @Test("the upstream receives instructions and booking data as separate messages, never the client's text as instructions")
    func promptBuiltOnServer() async throws {
        let harness = try GatewayHarness()
        _ = try await harness.stream()
        let request = try #require(harness.upstream.requests.first)
        let body = try JSONParser.parse(request.body)
        let messages = try #require(body["messages"]?.arrayValue)
        #expect(messages.count == 2)
        #expect(messages[0]["role"] == "system")
        #expect(messages[0]["content"]?.stringValue?.contains("in Turkish") == true)
        #expect(messages[0]["content"]?.stringValue?.contains("BK-2041") == false)
        #expect(messages[1]["role"] == "user")
        #expect(messages[1]["content"]?.stringValue?.contains("  Departs 2026-10-14 at 14:40, Istanbul local time.") == true)
        #expect(body["stream"] == true)
        #expect(body["stream_options"]?["include_usage"] == true)
        #expect(body["max_tokens"] == 160)
    }

    @Test("support chat carries the policy in the request's language, the history, then the message")
    func supportChat() async throws {
        let harness = try GatewayHarness()
        let input: JSONValue = ["message": "Bagaj hakkım ne kadar?", "history": [["role": "user", "text": "Merhaba"], ["role": "assistant", "text": "Merhaba, nasıl yardımcı olabilirim?"]]]
        let response = try await harness.stream(body: GatewayHarness.body(feature: "support_chat", input: input, locale: "tr-TR"))
        #expect(response.status == 200)
        #expect(response.events.last == .done(finishReason: "stop", promptVersion: "2026-12-02.1"))
        let messages = try #require(try JSONParser.parse(harness.upstream.requests[0].body)["messages"]?.arrayValue)
        #expect(messages.map { $0["role"]?.stringValue ?? "" } == ["system", "system", "user", "assistant", "user"])
        #expect(messages[1]["content"]?.stringValue?.contains("kg") == true)
        #expect(messages[4]["content"] == "Bagaj hakkım ne kadar?")
    }

    @Test("the data directory is the owner's alone: the directory 0700, the database and the secrets 0600")
    func privateDataDirectory() async throws {
        let harness = try GatewayHarness()
        let directory = harness.dataDirectory.path
        func mode(_ path: String) throws -> Int {
            try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        }
        #expect(try mode(directory) == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(files.contains("assist.sqlite"))
        for file in files { #expect(try mode(directory + "/" + file) == 0o600, "\(file)") }
    }

    @Test("GET /v1/features lists the features with their prompt versions; /healthz follows the model")
    func featuresAndHealth() async throws {
        let ready = ReadyFlag()
        let harness = try GatewayHarness(modelReady: { ready.value })
        let features = try await testRequest(port: harness.port, path: "/v1/features", headers: [("Authorization", "Bearer \(harness.token())")])
        #expect(features.status == 200)
        // The scripted upstream is no model with recorded results: every locale is the model's (the harness sets
        // qualification.unknown to serve); the stream features lose their guards here, so they say they are unchecked.
        let locales: JSONValue = ["en-US": "model", "en-GB": "model", "tr-TR": "model"]
        #expect(features.json == ["features": [["id": "budget_question", "promptVersion": "2026-12-01.1", "locales": locales],
                                               ["id": "itinerary_summary", "promptVersion": "2026-11-30.1", "locales": locales,
                                                "qualification": "unchecked"],
                                               ["id": "smart_search", "promptVersion": "2026-11-29.1", "locales": locales],
                                               ["id": "support_chat", "promptVersion": "2026-12-02.1", "locales": locales,
                                                "qualification": "unchecked"],
                                               ["id": "support_triage", "promptVersion": "2026-12-01.1", "locales": locales]]])
        #expect(try await testRequest(port: harness.port, path: "/v1/features").status == 401)
        #expect(try await testRequest(port: harness.port, path: "/healthz").status == 503)
        ready.value = true
        #expect(try await testRequest(port: harness.port, path: "/healthz").status == 200)
        let missing = try await testRequest(port: harness.port, path: "/nope")
        #expect(missing.status == 404)
        #expect(missing.errorCode == "not_found")
        #expect(missing.json?["error"]?["requestId"]?.stringValue == missing.headers["x-request-id"])
    }
}

final class ReadyFlag: @unchecked Sendable {
    // `@unchecked Sendable`: a test flag flipped once between requests; a torn read is impossible for a Bool.
    var value = false
}
