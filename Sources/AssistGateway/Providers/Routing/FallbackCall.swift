import Synchronization

/// One call to a model alias: its targets tried in order until one commits, read as one `ProviderStream`.
///
/// An attempt commits with its first chunk of text (or with its normal end, for an empty answer). Until then
/// the reader has been handed nothing of it: its finish and usage chunks are held back, so that a failure the
/// alias's `fallbackOn` names (`FallbackCause`) can start the next target invisibly. After it, a failure ends
/// the stream as any provider's would: an answer never mixes text from two providers.
///
/// Each target's breaker is asked before an attempt and told its verdict after: skipped while open, one probe
/// after `openSeconds`. A refusal of the request itself (a 400) is the target answering: it neither falls back
/// nor counts against the target.
///
/// The reader's side (`FallbackIterator`) runs the attempts; this shared side lets `cancel()` and the first-token
/// timer reach the attempt running, from any thread.
final class FallbackCall: Sendable {
    let alias: ModelAlias
    let routing: ProviderRouting
    let route: CallRoute?
    /// Starts `target`'s call: the request aimed at it, through its kind's provider.
    let start: @Sendable (ModelTarget) -> ProviderStream

    private struct Shared {
        var cancelled = false
        var current: ProviderStream?
        var attempt = 0
        var committed = false
        /// The attempt the first-token timer cut, if it did.
        var timedOut: Int?
    }

    private let shared = Mutex(Shared())

    init(alias: ModelAlias, routing: ProviderRouting, route: CallRoute?, start: @escaping @Sendable (ModelTarget) -> ProviderStream) {
        self.alias = alias
        self.routing = routing
        self.route = route
        self.start = start
    }

    /// Cancels the attempt running and any after it; safe from any thread, idempotent.
    func cancel() {
        shared.withLock { shared in
            shared.cancelled = true
            return shared.current
        }?.cancel()
    }

    var isCancelled: Bool { shared.withLock { $0.cancelled } }

    /// Makes `stream` the running attempt; false (and the caller cancels it) when the call was cancelled first.
    func begin(_ stream: ProviderStream, attempt: Int) -> Bool {
        shared.withLock { shared in
            guard !shared.cancelled else { return false }
            (shared.current, shared.attempt) = (stream, attempt)
            return true
        }
    }

    func commit() { shared.withLock { $0.committed = true } }

    /// Whether `attempt` ended because the first-token timer cut it.
    func timedOut(_ attempt: Int) -> Bool { shared.withLock { $0.timedOut == attempt } }

    /// The first-token timer of `attempt` fired: cut it, if it is still the one running, has not committed, and
    /// a later target could take over now (otherwise the slow attempt is still the best answer there is).
    func timeOut(_ attempt: Int) {
        let laterAdmissible = alias.targets.indices.contains { $0 > attempt && routing.wouldAdmit(alias.targets[$0], breaker: alias.breaker) }
        guard laterAdmissible else { return }
        shared.withLock { shared -> ProviderStream? in
            guard shared.attempt == attempt, !shared.committed, !shared.cancelled else { return nil }
            shared.timedOut = attempt
            return shared.current
        }?.cancel()
    }

    /// What `error`, ending an attempt before it committed, says of its target: a `FallbackCause`, or nil when it
    /// is no fault of the target's (a refusal of this request, something the gateway could not read).
    func cause(of error: any Error, attempt: Int) -> FallbackCause? {
        if timedOut(attempt) { return .firstTokenTimeout }
        guard let error = error as? ProviderError else { return nil }
        switch error {
        case .transport: return .connect
        case .http(let status, _) where status == 429: return .rateLimited
        case .http(let status, _) where status >= 500: return .serverError
        case .incomplete: return .serverError
        case .http, .protocolViolation: return nil
        }
    }
}
