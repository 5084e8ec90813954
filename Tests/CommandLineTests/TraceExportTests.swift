import AssistTelemetry
import AssistTestSupport
import AssistWire
import Foundation
import ScriptedUpstream
import LocalServers
import Testing

/// `assist serve` exporting its spans to a collector that decodes them with the reference implementation
/// (`tools/otlp_collector.py`, opentelemetry-proto from PyPI), in both encodings, configured by the standard
/// environment variables: the caller's trace on the SERVER and CLIENT spans, the GenAI attributes with the
/// provider's real token counts, `traceparent` at the upstream for the CLIENT span, no text of the user's anywhere.
@Suite("Trace export, end to end")
struct TraceExportTests {
    @Test("spans reach the collector from assist serve, protobuf and JSON", arguments: ["http/protobuf", "http/json"])
    func export(wireProtocol: String) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let collector = try await OTLPCollector()
        defer { collector.stop() }
        let upstream = try ScriptedUpstream(script: Script(tokens: ["Your ", "bag ", "is ", "on ", "its ", "way."]))
        defer { upstream.stop() }
        let port = try freeLoopbackPort()
        let running = try AssistBinary.start(
            ["serve", "--config", try scriptedServeConfig(in: directory), "--upstream", upstream.baseURL, "--port", String(port),
             "--data-dir", directory.path],
            stderr: directory.appendingPathComponent("stderr.log"),
            environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:\(collector.port)", "OTEL_EXPORTER_OTLP_PROTOCOL": wireProtocol,
                          "OTEL_SERVICE_NAME": "assist-test", "OTEL_EXPORTER_OTLP_HEADERS": "x-tenant=ops", "OTEL_BSP_SCHEDULE_DELAY": "100"])
        let process = running.process
        defer { if process.isRunning { process.terminate() } }
        let banner = try await running.output(until: "Ctrl-C")
        let token = try #require(banner.split(separator: "\n").dropFirst(2).first?.trimmingCharacters(in: .whitespaces))
        let marker = "MARKER\(UInt32.random(in: 0...UInt32.max))"
        let caller = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"
        let response = try await testRequest(port: port, method: "POST", path: "/v1/assist/stream",
                                             headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json"), ("traceparent", caller)],
                                             body: JSONWriter.bytes(["feature": "support_chat", "input": ["message": .string("Where is my bag? \(marker)")],
                                                                     "locale": "en-US"]))
        #expect(response.status == 200 && response.headers["x-trace-id"] == "0af7651916cd43dd8448eb211c80319c")

        let spans = try await collector.spans(atLeast: 7)
        #expect(spans.allSatisfy { $0.error == nil }, "\(spans.compactMap(\.error))")
        #expect(Set(spans.map(\.traceId)) == ["0af7651916cd43dd8448eb211c80319c"])
        #expect(spans.allSatisfy { $0.resource["service.name"] == "assist-test" && $0.headers["x-tenant"] == "ops" })
        #expect(spans.allSatisfy { $0.contentType == (wireProtocol == "http/json" ? "application/json" : "application/x-protobuf") })
        let server = try #require(spans.first { $0.kind == SpanData.Kind.server.rawValue })
        #expect(server.parentSpanId == "b7ad6b7169203331" && server.name == "POST /v1/assist/stream")
        #expect(server.attributes["assist.feature"] == .string("support_chat") && server.attributes["http.response.status_code"] == .int(200))
        let client = try #require(spans.first { $0.kind == SpanData.Kind.client.rawValue })
        #expect(client.parentSpanId == server.spanId && client.attributes["gen_ai.operation.name"] == .string("chat"))
        // The scripted upstream reports 42 prompt tokens and one completion token per scripted token.
        #expect(client.attributes["gen_ai.usage.input_tokens"] == .int(42) && client.attributes["gen_ai.usage.output_tokens"] == .int(6))
        #expect(client.attributes["server.address"] == .string("127.0.0.1") && client.attributes["server.port"] == .int(Int64(upstream.port)))
        #expect(upstream.requests.first?.traceparent == "00-0af7651916cd43dd8448eb211c80319c-\(client.spanId)-01")
        #expect(Set(spans.filter { $0.kind == SpanData.Kind.internal.rawValue }.map(\.name)).isSuperset(of: ["admission quota", "audit write-ahead"]))
        let everything = String(decoding: try Data(contentsOf: collector.output), as: UTF8.self)
        #expect(!everything.contains(marker) && !everything.contains("Where is my bag"))
        // The dropped-span counter is on /metrics once export is on.
        #expect(try await testRequest(port: port, path: "/metrics").text.contains("assist_spans_dropped_total 0"))
        process.terminate()
        try await running.exit()
        #expect(process.terminationStatus == 0)
    }

    @Test("a bad OTEL_* value stops serve at start-up, naming the variable")
    func badVariable() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await onOwnThread {
            try AssistBinary.run(["serve", "--upstream", "http://127.0.0.1:9/v1", "--port", String(try freeLoopbackPort()), "--data-dir", directory.path],
                                 environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318", "OTEL_TRACES_SAMPLER": "sometimes"])
        }
        #expect(result.status == 1 && result.stderr.contains("OTEL_TRACES_SAMPLER"), "\(result.stderr)")
    }
}
