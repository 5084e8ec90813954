import AssistGateway
import AssistHTTP
import AssistTelemetry
import AssistWire
import Foundation
import Synchronization
import Testing

/// W3C trace context through the gateway: the caller's trace continued into the response and the provider
/// call, a new one otherwise, and one log line per request's end carrying its ids.
@Suite("Trace propagation")
struct TracePropagationTests {
    static let caller = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    @Test("a caller's traceparent: the response names its trace, the provider call is a child span of the gateway's")
    func continued() async throws {
        let gateway = try InProcessGateway()
        let exchange = await gateway.stream(headers: [(.traceparent, Self.caller), (.tracestate, "vendor=abc")])
        _ = await exchange.body()
        #expect(exchange.response.header(.traceId) == "4bf92f3577b34da6a3ce929d0e0e4736")
        let sent = try #require(gateway.provider.requests.first)
        let parent = try #require(sent.headers.first { $0.name == "traceparent" }.flatMap { TraceParent(parsing: $0.value) })
        #expect(parent.traceId.hex == "4bf92f3577b34da6a3ce929d0e0e4736" && parent.sampled)
        #expect(parent.spanId.hex != "00f067aa0ba902b7")  // the gateway's own span, not the caller's
        #expect(sent.headers.contains { $0.name == "tracestate" && $0.value == "vendor=abc" })
    }

    @Test("no traceparent, or a malformed one: a new trace, in the response and at the provider alike",
          arguments: [nil, "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01"])
    func started(header: String?) async throws {
        let gateway = try InProcessGateway()
        let exchange = await gateway.stream(headers: header.map { [(.traceparent, $0), (.tracestate, "vendor=abc")] } ?? [])
        _ = await exchange.body()
        let traceId = try #require(exchange.response.header(.traceId))
        #expect(TraceID(hex: traceId) != nil && traceId != "4bf92f3577b34da6a3ce929d0e0e4736")
        let sent = try #require(gateway.provider.requests.first)
        #expect(sent.headers.first { $0.name == "traceparent" }.flatMap { TraceParent(parsing: $0.value) }?.traceId.hex == traceId)
        #expect(!sent.headers.contains { $0.name == "tracestate" })
    }

    @Test("two traceparent fields are no context: a new trace")
    func duplicated() async throws {
        let gateway = try InProcessGateway()
        let other = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"
        let exchange = await gateway.send(.get, "/v1/features", headers: [(.traceparent, Self.caller), (.traceparent, other)])
        let traceId = try #require(exchange.response.header(.traceId))
        #expect(!["4bf92f3577b34da6a3ce929d0e0e4736", "0af7651916cd43dd8448eb211c80319c"].contains(traceId))
    }

    @Test("one line per request's end, with its request id, trace id, route, status, feature and outcome, never the input")
    func endLines() async throws {
        let lines = Mutex<[JSONValue]>([])
        let token = LogSystem.observe { line in if let json = try? JSONParser.parse(line) { lines.withLock { $0.append(json) } } }
        defer { LogSystem.stopObserving(token) }
        let gateway = try InProcessGateway()
        let marker = "MARKER-\(UInt32.random(in: 0...UInt32.max))"
        let streamed = await gateway.stream("support_chat", ["message": .string("Where is my bag? \(marker)")], headers: [(.traceparent, Self.caller)])
        _ = await streamed.body()
        let refused = await gateway.stream("no_such_feature")
        let health = await gateway.send(.get, "/healthz", as: nil)
        func ends(_ exchange: Exchange) -> [JSONValue] {
            lines.withLock { $0.filter { $0["request_id"]?.stringValue == exchange.requestId && $0["message"] == "request ended" } }
        }
        let streamEnd = ends(streamed)
        #expect(streamEnd.count == 1)
        #expect(streamEnd.first?["trace_id"] == "4bf92f3577b34da6a3ce929d0e0e4736" && streamEnd.first?["span_id"]?.stringValue?.count == 16)
        #expect(streamEnd.first?["route"] == "/v1/assist/stream" && streamEnd.first?["feature"] == "support_chat" && streamEnd.first?["outcome"] == "ok")
        #expect(ends(refused).count == 1 && ends(refused).first?["outcome"] == "unknown_feature" && ends(refused).first?["status"]?.intValue == refused.status.code)
        #expect(ends(health).count == 1 && ends(health).first?["route"] == "/healthz" && ends(health).first?["outcome"] == "ok")
        #expect(!lines.withLock { $0.contains { JSONWriter.string($0).contains(marker) } })
    }
}
