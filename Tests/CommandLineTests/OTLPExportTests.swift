import AssistOTLP
import AssistTelemetry
import AssistTestSupport
import Foundation
import LocalServers
import Synchronization
import Testing

/// The OTLP exporter against a real decoder (`tools/otlp_collector.py`: opentelemetry-proto and protobuf from PyPI):
/// spans arrive exactly as they were made, in both encodings, with the configured headers; `shutdown` sends what is
/// queued; and a collector that is down, hangs or refuses never blocks `export` and costs only counted drops.
@Suite("OTLP export to a collector", .serialized)
struct OTLPExportTests {
    static let trace = TraceID(hex: "4bf92f3577b34da6a3ce929d0e0e4736")!

    /// Spans with everything the data model has: each kind, a parent and none, a tracestate, each status, every
    /// attribute type (a negative int, a double, infinity, an empty string, non-ASCII text, a string array and an
    /// empty one), and times past a double's exact range.
    static let spans: [SpanData] = [
        SpanData(traceId: trace, spanId: SpanID(hex: "00f067aa0ba902b7")!, traceState: "congo=t61rcWkgMzE", name: "POST /v1/assist/stream",
                 kind: .server, startUnixNano: 1_764_680_000_123_456_789, endUnixNano: 1_764_680_001_987_654_321,
                 attributes: [SpanAttribute("http.request.method", .string("POST")), SpanAttribute("http.response.status_code", .int(200)),
                              SpanAttribute("assist.feature", .string("smart_search")), SpanAttribute("assist.cached", .bool(false)),
                              SpanAttribute("assist.locales", .strings(["en", "tr"])), SpanAttribute("assist.none", .strings([]))],
                 status: .ok),
        SpanData(traceId: trace, spanId: SpanID(hex: "b7ad6b7169203331")!, parentSpanId: SpanID(hex: "00f067aa0ba902b7")!, name: "chat gpt-4o-mini",
                 kind: .client, startUnixNano: 1_764_680_000_200_000_001, endUnixNano: 1_764_680_001_900_000_003,
                 attributes: [SpanAttribute("gen_ai.usage.input_tokens", .int(-42)), SpanAttribute("assist.ratio", .double(0.125)),
                              SpanAttribute("assist.limit", .double(.infinity)), SpanAttribute("assist.place", .string("İstanbul, Çeşme — 東京")),
                              SpanAttribute("assist.empty", .string("")), SpanAttribute("assist.big", .int(.max))],
                 status: .error("upstream_timeout")),
        SpanData(traceId: trace, spanId: SpanID(1)!, parentSpanId: SpanID(2)!, name: "checkpoint", kind: .internal, startUnixNano: 1, endUnixNano: 2),
    ]

    static func settings(_ collector: OTLPCollector, _ wire: OTLPSettings.WireProtocol = .httpProtobuf) -> OTLPSettings {
        OTLPSettings(endpoint: collector.endpoint, wireProtocol: wire, headers: ["X-Api-Key": "k1", "x-tenant": "t 2"], serviceName: "assist-test",
                     serviceInstanceID: "replica-1", serviceVersion: "9.9", timeout: .seconds(5), scheduledDelay: .milliseconds(50))
    }

    @Test("spans arrive as the reference decoder reads them: ids, names, kinds, times, attributes, status, resource, headers",
          arguments: OTLPSettings.WireProtocol.allCases)
    func spansArrive(wire: OTLPSettings.WireProtocol) async throws {
        let collector = try await OTLPCollector()
        defer { collector.stop() }
        let exporter = OTLPHTTPExporter(settings: Self.settings(collector, wire))
        async let running: Void = exporter.run()
        for span in Self.spans { exporter.export(span) }
        let collected = try await collector.spans(atLeast: Self.spans.count)
        exporter.shutdown()
        await running
        #expect(collected.count == Self.spans.count)
        #expect(collected.compactMap(\.error).isEmpty, "\(collected.compactMap(\.error))")
        for (span, got) in zip(Self.spans, collected) {
            #expect(got.spanFields == CollectedSpan.expected(span), "\(span.name) over \(wire.rawValue)")
            #expect(got.resource == ["service.name": "assist-test", "service.instance.id": "replica-1", "service.version": "9.9",
                                     "telemetry.sdk.name": "assist", "telemetry.sdk.language": "swift"])
            #expect(got.scopeName == "assist" && got.scopeVersion == "9.9")
            #expect(got.contentType == wire.contentType)
            #expect(got.headers["x-api-key"] == "k1" && got.headers["x-tenant"] == "t 2")
        }
        #expect(exporter.exportedSpans == Self.spans.count && exporter.droppedSpans == 0 && exporter.failedExports == 0)
    }

    @Test("a NaN attribute and an oversized one arrive as the mapping and the bounds say, both ways",
          arguments: OTLPSettings.WireProtocol.allCases)
    func boundsArrive(wire: OTLPSettings.WireProtocol) async throws {
        let collector = try await OTLPCollector()
        defer { collector.stop() }
        let exporter = OTLPHTTPExporter(settings: Self.settings(collector, wire))
        async let running: Void = exporter.run()
        let long = String(repeating: "ş", count: 3000)  // 6,000 bytes
        exporter.export(SpanData(traceId: Self.trace, spanId: SpanID(9)!, name: long, kind: .server, startUnixNano: 5, endUnixNano: 6,
                                 attributes: [SpanAttribute("nan", .double(.nan)), SpanAttribute("long", .strings([long]))]
                                    + (0..<200).map { SpanAttribute("k\($0)", .int(Int64($0))) }))
        let collected = try await collector.spans(atLeast: 1)
        exporter.shutdown()
        await running
        let span = try #require(collected.first)
        #expect(span.error == nil)
        if case .double(let value) = span.attributes["nan"] { #expect(value.isNaN) } else { Issue.record("no NaN: \(span.attributes)") }
        #expect(span.name == String(repeating: "ş", count: 2048))
        #expect(span.attributes["long"] == .strings([String(repeating: "ş", count: 2048)]))
        #expect(span.attributes.count == 128 && span.droppedAttributesCount == 202 - 128)
    }

    @Test("shutdown sends what is queued before it returns")
    func shutdownFlushes() async throws {
        let collector = try await OTLPCollector()
        defer { collector.stop() }
        var settings = Self.settings(collector)
        settings.scheduledDelay = .seconds(60)
        let exporter = OTLPHTTPExporter(settings: settings)
        async let running: Void = exporter.run()
        for index in 1...700 { exporter.export(SpanData(traceId: Self.trace, spanId: SpanID(UInt64(index))!, name: "s\(index)", kind: .internal,
                                                        startUnixNano: 1, endUnixNano: 2)) }
        let started = ContinuousClock.now
        exporter.shutdown()
        await running
        #expect(ContinuousClock.now - started < .seconds(3))
        #expect(exporter.exportedSpans == 700 && exporter.droppedSpans == 0)
        let collected = try await collector.spans(atLeast: 700, within: .zero)
        #expect(collected.map(\.name) == (1...700).map { "s\($0)" })
        exporter.export(Self.spans[0])  // after shutdown: dropped, counted
        #expect(exporter.droppedSpans == 1)
    }

    /// Exports 10,000 spans, timing the calls alone.
    static func exportMany(_ exporter: OTLPHTTPExporter) -> Duration {
        let spans = (1...10_000).map { SpanData(traceId: trace, spanId: SpanID(UInt64($0))!, name: "s", kind: .internal, startUnixNano: 1, endUnixNano: 2) }
        let started = ContinuousClock.now
        for span in spans { exporter.export(span) }
        return ContinuousClock.now - started
    }

    @Test("a collector that accepts and never answers: export stays fast, drops are counted, shutdown is bounded")
    func hangingCollector() async throws {
        let collector = try await OTLPCollector(mode: "hang")
        defer { collector.stop() }
        var settings = Self.settings(collector)
        settings.timeout = .seconds(120)
        settings.shutdownTimeout = .milliseconds(500)
        let exporter = OTLPHTTPExporter(settings: settings)
        async let running: Void = exporter.run()
        let took = try await onOwnThread { Self.exportMany(exporter) }
        #expect(took < .seconds(1), "10,000 exports took \(took)")
        // At most a batch in the hung request and a full queue behind it; everything else was dropped at once.
        #expect(exporter.droppedSpans >= 10_000 - 2048 - 512)
        #expect(exporter.exportedSpans == 0)
        // Time for the thread to be inside the hung request, which shutdown must then abort.
        try await Task.sleep(for: .milliseconds(300))
        let started = ContinuousClock.now
        exporter.shutdown()
        await running
        #expect(ContinuousClock.now - started < .seconds(4), "the hung transfer is aborted at the deadline")
        #expect(exporter.droppedSpans == 10_000 && exporter.exportedSpans == 0 && exporter.failedExports >= 1)
    }

    @Test("nothing listening: export stays fast, batches fail and are counted, one warning for the run of failures")
    func collectorDown() async throws {
        let port = try freeLoopbackPort()
        let endpoint = "http://127.0.0.1:\(port)/v1/traces"
        let warnings = Lines()
        let token = LogSystem.observe { line in
            let text = String(decoding: line, as: UTF8.self)
            if text.contains(endpoint) { warnings.lines.withLock { $0.append(text) } }
        }
        defer { LogSystem.stopObserving(token) }
        let exporter = OTLPHTTPExporter(settings: OTLPSettings(endpoint: endpoint, timeout: .seconds(2), maxExportBatchSize: 100,
                                                               scheduledDelay: .milliseconds(20)))
        async let running: Void = exporter.run()
        let took = try await onOwnThread { Self.exportMany(exporter) }
        #expect(took < .seconds(1), "10,000 exports took \(took)")
        for _ in 0..<200 where exporter.failedExports < 3 { try await Task.sleep(for: .milliseconds(20)) }
        exporter.shutdown()
        await running
        #expect(exporter.failedExports >= 3)
        #expect(exporter.droppedSpans == 10_000 && exporter.exportedSpans == 0)
        let logged = warnings.lines.withLock { $0 }
        #expect(logged.count == 1 && logged.first?.contains("OTLP export failed") == true, "\(logged)")
    }

    @Test("a collector answering 503: the batch is dropped and counted, not retried")
    func refusingCollector() async throws {
        let collector = try await OTLPCollector(mode: "status=503")
        defer { collector.stop() }
        let exporter = OTLPHTTPExporter(settings: Self.settings(collector))
        async let running: Void = exporter.run()
        for span in Self.spans { exporter.export(span) }
        for _ in 0..<250 where exporter.failedExports == 0 { try await Task.sleep(for: .milliseconds(20)) }
        exporter.shutdown()
        await running
        #expect(exporter.failedExports == 1 && exporter.droppedSpans == Self.spans.count && exporter.exportedSpans == 0)
        #expect(try collector.records().isEmpty)
    }
}

/// Log lines an observer collected.
private final class Lines: Sendable {
    let lines = Mutex<[String]>([])
}
