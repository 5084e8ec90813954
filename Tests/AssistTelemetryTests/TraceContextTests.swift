@testable import AssistTelemetry
import Testing

/// W3C Trace Context: which `traceparent` headers are continued, what starts a new trace, and what is passed on.
@Suite struct TraceContextTests {
    static let valid = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    @Test("a valid traceparent is continued: same trace, the caller's span as parent, its flag and tracestate")
    func continues() throws {
        var random = SystemRandomNumberGenerator()
        let trace = TraceContext.continuing(traceparent: Self.valid, tracestate: "congo=t61rcWkgMzE", sampler: .parentBased(root: .alwaysOff),
                                            using: &random)
        #expect(trace.traceId.hex == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(trace.parentSpanId?.hex == "00f067aa0ba902b7")
        #expect(trace.spanId.hex != "00f067aa0ba902b7")
        #expect(trace.sampled)  // the caller's verdict, though a new trace would not be sampled
        #expect(trace.traceState == "congo=t61rcWkgMzE")
        #expect(trace.traceparent == "00-4bf92f3577b34da6a3ce929d0e0e4736-\(trace.spanId.hex)-01")
        let child = trace.child()
        #expect(child.traceId == trace.traceId && child.parentSpanId == trace.spanId && child.spanId != trace.spanId)
    }

    @Test("a malformed traceparent starts a new trace and drops its tracestate",
          arguments: [
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",  // uppercase
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",  // all-zero trace id
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",  // all-zero parent id
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",  // the forbidden version
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-",  // version 00 with more
            "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01x",  // a later version, no dash after the flags
            "00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01",  // a short trace id
            "00_4bf92f3577b34da6a3ce929d0e0e4736_00f067aa0ba902b7_01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-0g",
            "", "00",
          ])
    func malformed(header: String) {
        var random = SystemRandomNumberGenerator()
        let trace = TraceContext.continuing(traceparent: header, tracestate: "congo=t61rcWkgMzE", sampler: .alwaysOn, using: &random)
        #expect(trace.parentSpanId == nil)
        #expect(trace.traceState == nil)
        #expect(trace.traceId.hex != "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(TraceParent(parsing: header) == nil)
    }

    @Test("a later version is read by its first four fields, its extra fields ignored")
    func laterVersion() throws {
        let parent = try #require(TraceParent(parsing: "cc-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00-what-comes-next"))
        #expect(parent.traceId.hex == "4bf92f3577b34da6a3ce929d0e0e4736" && !parent.sampled)
        #expect(TraceParent(parsing: "cc-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00")?.spanId.hex == "00f067aa0ba902b7")
    }

    @Test("tracestate is passed on only when printable and bounded")
    func traceState() {
        var random = SystemRandomNumberGenerator()
        func state(_ value: String) -> String? {
            TraceContext.continuing(traceparent: Self.valid, tracestate: value, sampler: .alwaysOn, using: &random).traceState
        }
        #expect(state("a=1,b=2") == "a=1,b=2")
        #expect(state("a=1\r\nX-Injected: 1") == nil)
        #expect(state(String(repeating: "a", count: TraceContext.maxTraceStateBytes + 1)) == nil)
        #expect(state("") == nil)
    }

    @Test("a ratio sampler decides by the trace id: the same id, the same verdict; the share near the ratio")
    func ratio() throws {
        var random = SystemRandomNumberGenerator()
        var sampled = 0
        for _ in 0..<10_000 {
            let trace = TraceContext.continuing(traceparent: nil, tracestate: nil, sampler: .parentBased(root: .traceIdRatio(0.25)), using: &random)
            #expect(trace.sampled == trace.traceId.falls(under: 0.25))
            if trace.sampled { sampled += 1 }
        }
        #expect((2_000...3_000).contains(sampled), "\(sampled) of 10,000 sampled at 0.25")
        let id = try #require(TraceID(hex: "4bf92f3577b34da6a3ce929d0e0e4736"))
        #expect(id.falls(under: 1) && !id.falls(under: 0))
        #expect(id.bytes.count == 16 && id.bytes.first == 0x4b && id.bytes.last == 0x36)
        #expect(SpanID(hex: "00f067aa0ba902b7")?.bytes == [0x00, 0xf0, 0x67, 0xaa, 0x0b, 0xa9, 0x02, 0xb7])
    }
}
