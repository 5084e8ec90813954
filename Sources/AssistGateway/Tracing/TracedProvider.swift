import AssistHTTP
import AssistTelemetry

/// A request's way to its provider: every call carries the request's trace as its parent (`traceparent`, and
/// the caller's `tracestate`), as a child span of the gateway's SERVER span, and is recorded at its end
/// (`ProviderCallRecord`: the GenAI metrics, and a CLIENT span when the trace is recorded). The stream path
/// and the structured features' handlers call through it alike, so no provider call of a request leaves
/// without its trace or goes uncounted.
struct TracedProvider: ModelProvider {
    let base: any ModelProvider
    let trace: TraceContext
    let tracing: Tracing
    let metrics: GenAIMetrics
    /// `gen_ai.provider.name`: the kind of provider the alias names.
    let providerName: String
    /// The feature the call answers, for the metrics' labels.
    let feature: String

    func stream(_ request: ProviderRequest) -> ProviderStream {
        let call = trace.child()
        var request = request
        request.headers.append((HTTPFieldName.traceparent.rawName, call.traceparent))
        if let state = call.traceState { request.headers.append((HTTPFieldName.tracestate.rawName, state)) }
        return base.stream(request).observed(by: ProviderCallRecord(tracing: tracing, metrics: metrics, trace: call, request: request,
                                                                    providerName: providerName, feature: feature))
    }
}
