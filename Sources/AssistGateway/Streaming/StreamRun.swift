import AssistHTTPServer
import AssistWire
import Synchronization

/// Step 6: stream the provider's answer as server-sent events, then settle quota, free the stream slot
/// and write the audit row, whatever way the stream ended.
///
/// A ping goes out before the provider is even called, so proxies see bytes at once; pings repeat on the
/// configured interval. A watchdog ends the stream with `upstream_timeout` when no delta arrives within the
/// first-token timeout, or none follows the previous one within the idle timeout. When the client leaves,
/// the server cancels this task, which ends the provider iteration and so cancels the provider call.
struct StreamRun: Sendable {
    let dependencies: GatewayDependencies
    let admitted: AdmittedStream

    enum Ending: Sendable {
        case finished(reason: String)
        case failed
        case timedOut
        case cancelled
    }

    /// What the pump learned, shared with the watchdog (deadlines) and the settlement (usage).
    private final class ProgressBox: Sendable {
        let state = Mutex(Progress())
        func withLock<T>(_ body: (inout Progress) -> T) -> T { state.withLock { body(&$0) } }
    }

    private struct Progress {
        var text = ""
        var usage: TokenUsage?
        var firstDeltaAt: ContinuousClock.Instant?
        var lastDeltaAt: ContinuousClock.Instant?
    }

    func run(_ writer: ResponseBodyWriter) async {
        let progress = ProgressBox()
        let limits = dependencies.config.limits
        let apiKey = admitted.model.apiKeyEnv.flatMap { dependencies.environment($0) }
        let providerRequest = ProviderRequest(
            baseURL: admitted.model.baseURL, model: admitted.model.model, apiKey: apiKey, messages: admitted.prompt.messages,
            maxOutputTokens: admitted.feature.maxOutputTokens, temperature: admitted.feature.temperature)

        var ending: Ending = .cancelled
        if (try? await writer.write(SSEFrames.ping)) != nil {
            ending = await withTaskGroup(of: Ending.self) { group in
                group.addTask { await pump(providerRequest, into: writer, progress: progress) }
                group.addTask { await watchdog(writer, progress: progress, limits: limits) }
                let first = await group.next() ?? .cancelled
                group.cancelAll()
                return first
            }
        }

        let terminal: AssistEvent? = switch ending {
        case .finished(let reason): .done(finishReason: reason, promptVersion: admitted.feature.promptVersion)
        case .failed: .error(code: .upstreamFailed)
        case .timedOut: .error(code: .upstreamTimeout)
        case .cancelled: writer.isClientGone ? nil : .error(code: .shuttingDown)
        }
        if let terminal { try? await writer.write(terminal.sseFrame) }
        // Settle and audit before the body ends, so a client that has seen the end can rely on both.
        await settle(ending, progress: progress.withLock { $0 })
        writer.finish()
    }

    /// Moves provider chunks to the client. Returns how the provider's stream ended.
    private func pump(_ request: ProviderRequest, into writer: ResponseBodyWriter, progress: ProgressBox) async -> Ending {
        var finishReason: String?
        do {
            for try await chunk in dependencies.provider.stream(request) {
                switch chunk {
                case .text(let text):
                    guard !text.isEmpty else { continue }
                    let now = ContinuousClock.now
                    progress.withLock {
                        $0.text += text
                        if $0.firstDeltaAt == nil { $0.firstDeltaAt = now }
                        $0.lastDeltaAt = now
                    }
                    try await writer.write(AssistEvent.delta(text: text).sseFrame)
                case .finish(let reason):
                    finishReason = reason
                case .usage(let usage):
                    progress.withLock { $0.usage = usage }
                }
            }
        } catch is ResponseBodyWriter.ClientGone {
            return .cancelled
        } catch {
            if Task.isCancelled { return .cancelled }
            // Operators need the cause; it names the provider's failure, never the content.
            GatewayLog.warning("request \(admitted.requestId): provider failed: \(error)")
            return .failed
        }
        if Task.isCancelled { return .cancelled }
        return .finished(reason: finishReason ?? "stop")
    }

    /// Sends pings and enforces the first-token and idle timeouts. Returns only to end the stream.
    private func watchdog(_ writer: ResponseBodyWriter, progress: ProgressBox, limits: Limits) async -> Ending {
        let ping = Duration.seconds(limits.pingSeconds)
        let firstToken = Duration.seconds(limits.firstTokenTimeoutSeconds)
        let idle = Duration.seconds(limits.idleTimeoutSeconds)
        var nextPing = ContinuousClock.now + ping
        while !Task.isCancelled {
            let lastDelta = progress.withLock { $0.lastDeltaAt }
            let deadline = lastDelta.map { $0 + idle } ?? (admitted.receivedAt + firstToken)
            let now = ContinuousClock.now
            if now >= deadline { return .timedOut }
            if now >= nextPing {
                do { try await writer.write(SSEFrames.ping) } catch { return .cancelled }
                nextPing = now + ping
                continue
            }
            // Never sleep past now + idle: a delta arriving meanwhile moves the deadline to at least that.
            try? await Task.sleep(until: min(deadline, nextPing, now + idle), clock: .continuous)
        }
        return .cancelled
    }

    private func settle(_ ending: Ending, progress: Progress) async {
        let outputTokens = progress.usage?.outputTokens ?? TokenEstimator.estimate(progress.text)
        let inputTokens = progress.usage?.inputTokens ?? admitted.prompt.estimatedTokens
        try? await dependencies.quota.settle(admitted.quotaKey, reservedTokens: admitted.reservedTokens,
                                             actualTokens: inputTokens + outputTokens)
        dependencies.streamLimiter.release(admitted.user)
        let status: AuditStatus = switch ending {
        case .finished: .ok
        case .failed: .upstreamFailed
        case .timedOut: .upstreamTimeout
        case .cancelled: .cancelled
        }
        let end = ContinuousClock.now
        await dependencies.audit.record(AuditRecord(
            requestId: admitted.requestId, time: dependencies.clock.now(), user: admitted.user, feature: admitted.feature.id,
            promptVersion: admitted.feature.promptVersion, model: admitted.feature.model, trust: admitted.trust.rawValue,
            status: status, inputTokens: inputTokens, outputTokens: outputTokens,
            timeToFirstTokenMs: progress.firstDeltaAt.map { ($0 - admitted.receivedAt).milliseconds },
            totalMs: (end - admitted.receivedAt).milliseconds))
    }
}

extension Duration {
    /// The duration in milliseconds, as a fraction.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
