import AssistGateway
import AssistHTTP
import AssistTelemetry
import AssistTestSupport
import AssistWire
import Testing

/// The spans of a request, in-process: a SERVER span per request, INTERNAL spans for the admission steps that
/// reach a store, a CLIENT span per provider call by the GenAI conventions, all in the caller's trace and
/// parented as the calls were; none with a user's text; none when the trace is not sampled or export is off.
@Suite("Spans")
struct SpanTests {
    static let caller = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    func traced(_ provider: ScriptedProvider = ScriptedProvider()) throws -> (InProcessGateway, InMemorySpanExporter) {
        let spans = InMemorySpanExporter()
        return (try InProcessGateway(provider: provider, tracing: Tracing(exporter: spans)), spans)
    }

    @Test("a stream: SERVER span in the caller's trace, admission steps and the provider call under it, GenAI attributes with the real usage")
    func streamSpans() async throws {
        let (gateway, spans) = try traced()
        let marker = "MARKER-\(UInt32.random(in: 0...UInt32.max))"
        let exchange = await gateway.stream("support_chat", ["message": .string("Where is my bag? \(marker)")], headers: [(.traceparent, Self.caller)])
        _ = await exchange.body()
        let all = spans.exported
        #expect(Set(all.map(\.traceId.hex)) == ["4bf92f3577b34da6a3ce929d0e0e4736"])
        let server = try #require(all.first { $0.kind == .server })
        #expect(server.parentSpanId?.hex == "00f067aa0ba902b7" && server.name == "POST /v1/assist/stream")
        #expect(server.attribute("http.response.status_code") == .int(200) && server.attribute("http.route") == .string("/v1/assist/stream"))
        #expect(server.attribute("assist.feature") == .string("support_chat") && server.attribute("assist.answer_source") == .string("provider"))
        #expect(server.attribute("assist.trust") == .string("unavailable") && server.status == .unset)
        let steps = all.filter { $0.kind == .internal }.map(\.name)
        #expect(Set(steps) == ["admission integrity", "admission data", "admission answer cache", "admission quota", "audit write-ahead"])
        #expect(all.filter { $0.kind == .internal }.allSatisfy { $0.parentSpanId == server.spanId })

        let client = try #require(all.first { $0.kind == .client })
        #expect(client.parentSpanId == server.spanId && client.name.hasPrefix("chat "))
        #expect(client.attribute("gen_ai.operation.name") == .string("chat"))
        #expect(client.attribute("gen_ai.usage.input_tokens") == .int(11) && client.attribute("gen_ai.usage.output_tokens") == .int(7))
        #expect(client.attribute("gen_ai.response.finish_reasons") == .strings(["stop"]))
        #expect(client.attribute("gen_ai.request.max_tokens") != nil && client.attribute("error.type") == nil)
        // The provider was called as this span: its traceparent names it.
        let sent = try #require(gateway.provider.requests.first?.headers.first { $0.name == "traceparent" }?.value)
        #expect(sent == "00-4bf92f3577b34da6a3ce929d0e0e4736-\(client.spanId.hex)-01")
        #expect(client.startUnixNano >= server.startUnixNano && client.endUnixNano <= server.endUnixNano)
        // Content never enters a span.
        #expect(!all.contains { span in
            span.name.contains(marker) || span.attributes.contains { attribute in
                switch attribute.value {
                case .string(let text): text.contains(marker)
                case .strings(let texts): texts.contains { $0.contains(marker) }
                default: false
                }
            }
        })
    }

    @Test("a structured feature's provider call is a CLIENT span of its request too")
    func structuredSpans() async throws {
        let (gateway, spans) = try traced()
        let answered = await gateway.send(.post, "/v1/assist", json: ["feature": "lookup", "input": ["text": "hello"], "locale": "en-US"])
        #expect(answered.status == 200)
        let server = try #require(spans.exported.first { $0.kind == .server })
        #expect(server.name == "POST /v1/assist" && server.attribute("assist.feature") == .string("lookup"))
        #expect(spans.exported.first { $0.kind == .client }?.parentSpanId == server.spanId)
    }

    @Test("a provider failure: the CLIENT span has error.type; a refusal: the SERVER span names its code, a 4xx is no server error")
    func failures() async throws {
        let (gateway, spans) = try traced(ScriptedProvider(ScriptedProvider.Script(chunks: [.text("Partial")], end: .fail)))
        _ = await gateway.stream().body()
        let client = try #require(spans.exported.first { $0.kind == .client })
        #expect(client.attribute("error.type") == .string("500") && client.status == .error("500"))
        let server = try #require(spans.exported.first { $0.kind == .server })
        #expect(server.attribute("assist.outcome") == .string("upstream_failed") && server.status == .error("upstream_failed"))

        let refused = await gateway.stream("no_such_feature")
        let refusal = try #require(spans.exported.last { $0.kind == .server })
        #expect(refusal.attribute("assist.refusal") == .string("unknown_feature"))
        #expect(refusal.attribute("http.response.status_code") == .int(Int64(refused.status.code)) && refusal.status == .unset)
    }

    @Test("the client leaves mid-stream: the provider call's span ends cancelled, exactly once")
    func cancelled() async throws {
        let (gateway, spans) = try traced(ScriptedProvider(ScriptedProvider.Script(chunks: [.text("first")], end: .hang)))
        let exchange = await gateway.stream()
        let (writer, task) = exchange.start()
        #expect(await writer.waitForDeltas(1))
        writer.disconnect()
        task.cancel()
        await task.value
        let clients = spans.exported.filter { $0.kind == .client }
        #expect(clients.count == 1 && clients.first?.attribute("error.type") == .string("cancelled"))
        #expect(spans.exported.first { $0.kind == .server }?.attribute("assist.outcome") == .string("cancelled"))
    }

    @Test("a caller's unsampled trace, or export off: no span, and the trace context still travels")
    func notRecorded() async throws {
        let (gateway, spans) = try traced()
        _ = await gateway.stream(headers: [(.traceparent, "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00")]).body()
        #expect(spans.exported.isEmpty)
        #expect(gateway.provider.requests.first?.headers.first { $0.name == "traceparent" }?.value.hasSuffix("-00") == true)

        let off = try InProcessGateway()
        let exchange = await off.stream()
        _ = await exchange.body()
        #expect(off.provider.requests.first?.headers.contains { $0.name == "traceparent" } == true)
    }
}

/// The GenAI metrics on `/metrics`: one observation per provider call, labelled by feature, model and provider,
/// with export on or off.
@Suite("GenAI metrics")
struct GenAIMetricsTests {
    @Test("a stream and a structured answer: operation duration, time to first token, time per token and token usage by type")
    func providerCalls() async throws {
        let gateway = try InProcessGateway()
        _ = await gateway.stream().body()
        #expect(await gateway.send(.post, "/v1/assist", json: ["feature": "lookup", "input": ["text": "hello"], "locale": "en-US"]).status == 200)
        let metrics = await gateway.send(.get, "/metrics", as: nil)
        guard case .bytes(let body) = metrics.response.body else { Issue.record("no body"); return }
        let text = String(decoding: body, as: UTF8.self)
        let chat = #"feature="support_chat",gen_ai_request_model="SmolLM2-135M-Instruct",gen_ai_provider_name="openai-compatible""#
        #expect(text.contains("gen_ai_client_token_usage_sum{\(chat),gen_ai_token_type=\"input\"} 11"), "\(text)")
        #expect(text.contains("gen_ai_client_token_usage_sum{\(chat),gen_ai_token_type=\"output\"} 7"))
        #expect(text.contains("gen_ai_client_operation_duration_seconds_count{\(chat),error_type=\"\"} 1"))
        #expect(text.contains("gen_ai_server_time_to_first_token_seconds_count{\(chat)} 1"))
        #expect(text.contains("gen_ai_server_time_per_output_token_seconds_count{\(chat)} 1"))
        #expect(text.contains(#"gen_ai_client_operation_duration_seconds_count{feature="lookup","#))
        #expect(!text.contains("assist_spans_dropped_total"))  // export off: nothing to drop
    }
}
