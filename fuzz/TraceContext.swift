// libFuzzer target: AssistTelemetry's W3C trace context, the one piece of it a client controls. Any bytes as a
// traceparent (and, split at the first newline, a tracestate) must parse or be refused without a crash; a parsed
// header must print back to the same ids, and a continued context must carry only a tracestate that is printable
// and bounded (it is forwarded to the provider as a header).
import AssistTelemetry

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let split = bytes.firstIndex(of: 0x0A) ?? bytes.count
    let header = String(decoding: bytes[..<split], as: UTF8.self)
    let state = split < bytes.count ? String(decoding: bytes[(split + 1)...], as: UTF8.self) : nil
    if let parsed = TraceParent(parsing: header) {
        guard header.hasPrefix(header.prefix(2) + "-" + parsed.traceId.hex + "-" + parsed.spanId.hex) else {
            fatalError("ids do not print back: \(header)")
        }
    }
    var random = SystemRandomNumberGenerator()
    let trace = TraceContext.continuing(traceparent: header, tracestate: state, sampler: .parentBased(root: .traceIdRatio(0.5)), using: &random)
    if let kept = trace.traceState {
        guard kept.utf8.count <= TraceContext.maxTraceStateBytes, kept.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            fatalError("an unsafe tracestate was kept: \(kept.debugDescription)")
        }
    }
    guard TraceParent(parsing: trace.traceparent) != nil else { fatalError("our own traceparent does not parse: \(trace.traceparent)") }
    return 0
}
