import Synchronization

/// One provider call for a cacheable answer, shared by every request for the same `AnswerKey` that arrives
/// while it runs ("single call").
///
/// The request that creates the call leads it: it is admitted on its own quota and slot, starts the
/// provider call and is charged all of its tokens. Requests that arrive meanwhile wait until the leader's
/// admission is decided; if it is refused they try again on their own, otherwise they follow: no quota, no
/// slot, and each gets the chunks so far and then the rest, as its own `ProviderStream`.
///
/// The provider call belongs to the call, not to any request's task, so the leader's client leaving does
/// not end it while followers still read. Every admitted request holds a seat; a seat is given up when its
/// stream ends or is cancelled, and when the last seat goes the provider call is cancelled. Cancelling any
/// one subscriber's stream from outside (a watchdog timeout, the kill switch) cancels the shared call.
public final class SharedCall: Sendable {
    /// How the shared provider call ended, for the leader's settlement.
    public struct Outcome: Sendable {
        public var text: String
        public var usage: TokenUsage?
        /// The provider ended normally with this finish reason; nil when it failed or was cancelled.
        public var finishReason: String?
    }

    private enum Admission {
        case pending([CheckedContinuation<Bool, Never>])
        case admitted
        case abandoned
    }

    private struct State {
        var admission = Admission.pending([])
        /// The leader's seat is taken at creation, each follower's as it joins.
        var seats = 1
        var provider: ProviderStream?
        /// Cancelled (a watchdog, the kill switch) before the leader started the call: it is cancelled as it starts.
        var cancelledEarly = false
        var chunks: [ProviderChunk] = []
        var subscribers: [Int: AsyncThrowingStream<ProviderChunk, any Error>.Continuation] = [:]
        var nextSubscriber = 0
        var ended: (outcome: Outcome, error: (any Error)?)?
        var outcomeWaiters: [CheckedContinuation<Outcome, Never>] = []
    }

    public let key: AnswerKey
    private let state = Mutex(State())
    private let onEnd: @Sendable (SharedCall, Outcome) async -> Void

    /// `onEnd` runs once when the provider call has ended, before any follower or the leader learns the
    /// outcome: the registry stores a complete answer there and forgets the call.
    init(key: AnswerKey, onEnd: @escaping @Sendable (SharedCall, Outcome) async -> Void) {
        self.key = key
        self.onEnd = onEnd
    }

    // MARK: Admission

    /// Waits until the leader was admitted (true: take a seat as a follower) or refused (false).
    func awaitLeaderAdmission() async -> Bool {
        await withCheckedContinuation { continuation in
            let decided: Bool? = state.withLock { state in
                switch state.admission {
                case .pending(var waiters):
                    waiters.append(continuation)
                    state.admission = .pending(waiters)
                    return nil
                case .admitted:
                    state.seats += 1
                    return true
                case .abandoned:
                    return false
                }
            }
            if let decided { continuation.resume(returning: decided) }
        }
    }

    /// The leader holds quota and a slot: release every waiting follower, each with a seat.
    func leaderAdmitted() { decide(admitted: true) }

    /// The leader was refused: waiting requests go their own way.
    func leaderRefused() { decide(admitted: false) }

    private func decide(admitted: Bool) {
        let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            guard case .pending(let waiters) = state.admission else { return [] }
            state.admission = admitted ? .admitted : .abandoned
            if admitted { state.seats += waiters.count }
            return waiters
        }
        for waiter in waiters { waiter.resume(returning: admitted) }
    }

    // MARK: The shared call

    /// Starts pumping the leader's provider call into every subscriber. Called once, by the leader, even
    /// when its own client has already gone (followers may be waiting).
    ///
    /// The call is read as fast as the provider sends, whatever its readers do (a slow one must not hold
    /// back the others), so it is kept in memory; `maxTextBytes` bounds that against a provider that
    /// ignores its token cap: past it the call is cancelled and fails.
    func start(_ provider: ProviderStream, maxTextBytes: Int) {
        let cancelled = state.withLock { state in
            state.provider = provider
            return state.seats == 0 || state.cancelledEarly
        }
        if cancelled { provider.cancel() }
        Task { await pump(provider, maxTextBytes: maxTextBytes) }
    }

    private func pump(_ provider: ProviderStream, maxTextBytes: Int) async {
        var text = "", usage: TokenUsage?, finishReason: String?
        var failure: (any Error)?
        do {
            for try await chunk in provider {
                switch chunk {
                case .text(let piece):
                    text += piece
                    if text.utf8.count > maxTextBytes {
                        provider.cancel()
                        throw ProviderError.protocolViolation("answer longer than \(maxTextBytes) bytes despite its token cap")
                    }
                case .finish(let reason): finishReason = reason
                case .usage(let reported): usage = reported
                }
                let subscribers = state.withLock { state in
                    state.chunks.append(chunk)
                    return Array(state.subscribers.values)
                }
                for subscriber in subscribers { subscriber.yield(chunk) }
            }
            finishReason = finishReason ?? "stop"
        } catch {
            failure = error
            finishReason = nil
        }
        let outcome = Outcome(text: text, usage: usage, finishReason: finishReason)
        await onEnd(self, outcome)
        let (subscribers, waiters) = state.withLock { state in
            state.ended = (outcome, failure)
            defer { state.subscribers = [:]; state.outcomeWaiters = [] }
            return (Array(state.subscribers.values), state.outcomeWaiters)
        }
        for subscriber in subscribers { subscriber.finish(throwing: failure) }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }

    /// This request's view of the shared call: every chunk so far, then the rest. Ending its iteration or
    /// calling `release` (when the request stops reading, e.g. its client left) gives up the request's
    /// seat, once; `cancel()` on the stream cancels the shared call.
    func subscribe() -> (stream: ProviderStream, release: @Sendable () -> Void) {
        let (stream, continuation) = AsyncThrowingStream<ProviderChunk, any Error>.makeStream()
        let ended: (error: (any Error)?, Void)? = state.withLock { state in
            for chunk in state.chunks { continuation.yield(chunk) }
            if let ended = state.ended { return (ended.error, ()) }
            let id = state.nextSubscriber
            state.nextSubscriber += 1
            state.subscribers[id] = continuation
            // Set under the lock so the pump cannot finish this subscriber before it is set; it runs later,
            // on another thread, when the stream ends or its reader is cancelled.
            continuation.onTermination = { [self] _ in
                self.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
                leave()
            }
            return nil
        }
        if let ended {
            continuation.finish(throwing: ended.error)
            leave()
        }
        // Finishing an already finished stream does nothing, so the seat is given up exactly once.
        return (ProviderStream(stream, cancel: { [self] in cancel() }), { continuation.finish() })
    }

    /// A request gives up its seat without reading (its client left before the stream opened).
    func leave() {
        let provider = state.withLock { state -> ProviderStream? in
            state.seats -= 1
            return state.seats == 0 && state.ended == nil ? state.provider : nil
        }
        provider?.cancel()
    }

    /// Cancels the shared call. Before it has started, the waiting readers are ended at once (a follower
    /// must not wait on a leader that never starts) and the call is cancelled when it does.
    private func cancel() {
        let (provider, waiting) = state.withLock { state -> (ProviderStream?, [AsyncThrowingStream<ProviderChunk, any Error>.Continuation]) in
            guard state.provider == nil else { return (state.provider, []) }
            state.cancelledEarly = true
            return (nil, Array(state.subscribers.values))
        }
        provider?.cancel()
        for subscriber in waiting { subscriber.finish(throwing: CancellationError()) }
    }

    /// How the shared call ended; waits for it, whatever happens to the caller's task, so the leader is
    /// charged for every token even when its own client left first.
    func outcome() async -> Outcome {
        await withCheckedContinuation { continuation in
            let ended = state.withLock { state -> Outcome? in
                if let ended = state.ended { return ended.outcome }
                state.outcomeWaiters.append(continuation)
                return nil
            }
            if let ended { continuation.resume(returning: ended) }
        }
    }
}
