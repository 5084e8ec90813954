import AssistHTTP
import AssistTelemetry

/// A request's way to its provider: every call carries the request's trace as its parent (`traceparent`, and
/// the caller's `tracestate`), as a child span of the gateway's SERVER span, and is recorded as a CLIENT span
/// when the trace is (`ProviderCallSpan`). The stream path and the structured features' handlers call through
/// it alike, so no provider call of a request leaves without its trace.
struct TracedProvider: ModelProvider {
    let base: any ModelProvider
    let trace: TraceContext
    let tracing: Tracing
    /// `gen_ai.provider.name`: the kind of provider the alias names.
    let providerName: String

    func stream(_ request: ProviderRequest) -> ProviderStream {
        let call = trace.child()
        var request = request
        request.headers.append((HTTPFieldName.traceparent.rawName, call.traceparent))
        if let state = call.traceState { request.headers.append((HTTPFieldName.tracestate.rawName, state)) }
        let stream = base.stream(request)
        guard tracing.records(call) else { return stream }
        return stream.observed(by: ProviderCallSpan(tracing: tracing, trace: call, request: request, providerName: providerName))
    }
}
