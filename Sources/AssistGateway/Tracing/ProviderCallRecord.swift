import AssistTelemetry
import Foundation
import Synchronization

/// What a provider call's reader tells about it as it reads (`ProviderStream.observed(by:)`): each chunk,
/// and how the call ended (nil: its end marker or the gateway's cap). Called from the reader's task.
protocol ProviderCallObserver: AnyObject, Sendable {
    func saw(_ chunk: ProviderChunk)
    func ended(_ error: (any Error)?)
}

/// One provider call, recorded at its end: in the GenAI metrics (`GenAIMetrics`) always, and as a CLIENT span
/// by the OpenTelemetry GenAI conventions when its trace is recorded: `chat {model}`, its request's model, cap
/// and temperature, the usage and finish reason the provider reported, the time to its first chunk,
/// `error.type` when it failed, and the server it went to. Never a message or a chunk's text.
///
/// Recorded exactly once: at the call's end as its reader saw it, or, when the reader let the call go without
/// reading to its end (a client that left, a shared call given up), when the last reference goes, as
/// `cancelled`.
final class ProviderCallRecord: ProviderCallObserver {
    private struct Progress {
        var firstChunkAt: UInt64?
        var usage: TokenUsage?
        var finishReason: String?
        var exported = false
    }

    private let tracing: Tracing
    private let metrics: GenAIMetrics
    private let trace: TraceContext
    /// What the span says of the request: its model, caps and server, never its messages.
    private let model: String
    private let maxOutputTokens: Int
    private let temperature: Double?
    /// The provider's base URL; its host and port are read from it only for a span that is recorded.
    private let baseURL: String
    private let providerName: String
    private let feature: String
    private let startedAt = SpanClock.nowUnixNano()
    private let progress = Mutex(Progress())

    init(tracing: Tracing, metrics: GenAIMetrics, trace: TraceContext, request: ProviderRequest, providerName: String, feature: String) {
        self.tracing = tracing
        self.metrics = metrics
        self.trace = trace
        model = request.model
        maxOutputTokens = request.maxOutputTokens
        temperature = request.temperature
        baseURL = request.baseURL
        self.providerName = providerName
        self.feature = feature
    }

    func saw(_ chunk: ProviderChunk) {
        progress.withLock { progress in
            switch chunk {
            case .text: if progress.firstChunkAt == nil { progress.firstChunkAt = SpanClock.nowUnixNano() }
            case .usage(let usage): progress.usage = usage
            case .finish(let reason): progress.finishReason = reason
            }
        }
    }

    func ended(_ error: (any Error)?) { export(errorType: error.map(Self.errorType)) }

    deinit { export(errorType: "cancelled") }

    private func export(errorType: String?) {
        guard let progress = progress.withLock({ progress -> Progress? in
            guard !progress.exported else { return nil }
            progress.exported = true
            return progress
        }) else { return }
        let endedAt = SpanClock.nowUnixNano()
        metrics.observe(GenAIMetrics.Call(
            feature: feature, model: model, provider: providerName, seconds: Self.seconds(from: startedAt, to: endedAt),
            firstTokenSeconds: progress.firstChunkAt.map { Self.seconds(from: startedAt, to: $0) },
            afterFirstTokenSeconds: progress.firstChunkAt.map { Self.seconds(from: $0, to: endedAt) }, usage: progress.usage,
            failed: errorType != nil && errorType != "cancelled"))
        guard tracing.records(trace) else { return }
        var attributes = [
            SpanAttribute("gen_ai.operation.name", .string("chat")), SpanAttribute("gen_ai.provider.name", .string(providerName)),
            SpanAttribute("gen_ai.request.model", .string(model)), SpanAttribute("gen_ai.response.model", .string(model)),
            SpanAttribute("gen_ai.request.max_tokens", .int(Int64(maxOutputTokens))),
        ]
        if let temperature { attributes.append(SpanAttribute("gen_ai.request.temperature", .double(temperature))) }
        if let usage = progress.usage {
            attributes.append(SpanAttribute("gen_ai.usage.input_tokens", .int(Int64(usage.inputTokens))))
            attributes.append(SpanAttribute("gen_ai.usage.output_tokens", .int(Int64(usage.outputTokens))))
        }
        if let reason = progress.finishReason { attributes.append(SpanAttribute("gen_ai.response.finish_reasons", .strings([reason]))) }
        if let first = progress.firstChunkAt {
            attributes.append(SpanAttribute("assist.time_to_first_chunk_ms", .double(Self.seconds(from: startedAt, to: first) * 1000)))
        }
        if let errorType { attributes.append(SpanAttribute("error.type", .string(errorType))) }
        let server = ServerAddress(url: baseURL)
        if let host = server.host { attributes.append(SpanAttribute("server.address", .string(host))) }
        if let port = server.port { attributes.append(SpanAttribute("server.port", .int(Int64(port)))) }
        tracing.export(trace, name: "chat \(model)", kind: .client, start: startedAt, end: endedAt, attributes: attributes,
                       status: errorType.map { .error($0) } ?? .unset)
    }

    /// Seconds between two wall-clock readings; zero if the clock stepped back.
    static func seconds(from start: UInt64, to end: UInt64) -> Double { end > start ? Double(end - start) / 1e9 : 0 }

    /// `error.type` by the conventions: a low-cardinality name of what went wrong, never its message.
    static func errorType(_ error: any Error) -> String {
        switch error {
        case ProviderError.http(let status, _): String(status)
        case ProviderError.transport: "transport"
        case ProviderError.incomplete: "incomplete"
        case ProviderError.protocolViolation: "protocol_violation"
        case is CancellationError: "cancelled"
        default: "_OTHER"
        }
    }
}

/// The host and port of a provider's base URL, for `server.address` and `server.port`.
struct ServerAddress {
    var host: String?
    var port: Int?

    init(url: String) {
        guard let schemeEnd = url.range(of: "://") else { return }
        let scheme = url[..<schemeEnd.lowerBound].lowercased()
        let authority = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostPort = authority.split(separator: "@").last.map(String.init) ?? String(authority)
        if hostPort.hasPrefix("["), let close = hostPort.firstIndex(of: "]") {
            host = String(hostPort[hostPort.index(after: hostPort.startIndex)..<close])
            port = hostPort[hostPort.index(after: close)...].dropFirst().isEmpty ? nil : Int(hostPort[hostPort.index(after: close)...].dropFirst())
        } else if let colon = hostPort.lastIndex(of: ":") {
            host = String(hostPort[..<colon])
            port = Int(hostPort[hostPort.index(after: colon)...])
        } else {
            host = hostPort.isEmpty ? nil : hostPort
        }
        if port == nil { port = scheme == "https" ? 443 : scheme == "http" ? 80 : nil }
    }
}
