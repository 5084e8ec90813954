import AssistServices

/// The reader's side of a `FallbackCall`: starts the attempts, holds back what an attempt says before its first
/// text, and decides after each failure whether the next target takes over.
///
/// Only the one task reading the stream touches it (an iterator is not shared), so it needs no lock; what other
/// threads must reach (cancel, the first-token timer) is in `FallbackCall`.
final class FallbackIterator {
    private let call: FallbackCall
    private var current: ProviderStream.AsyncIterator?
    private var currentTarget: ModelTarget?
    private var attempt = -1
    private var committed = false
    private var ended = false
    /// What the running attempt said before its first text (or, once committed, what is still to hand out).
    private var heldFinish: ProviderChunk?
    private var heldUsage: ProviderChunk?
    private var ready: [ProviderChunk] = []
    private var lastError: (any Error)?
    private var timer: ScheduledTimer?

    init(_ call: FallbackCall) { self.call = call }

    deinit { timer?.cancel() }

    nonisolated(nonsending) func next() async throws -> ProviderChunk? {
        if !ready.isEmpty { return ready.removeFirst() }
        if committed {
            guard !ended, let chunk = try await current?.next() else {
                ended = true
                return nil
            }
            return chunk
        }
        while true {
            if current == nil { try startNextTarget() }
            do {
                guard let chunk = try await current?.next() else {
                    // The reader was cancelled: no verdict on the target, nothing more to read.
                    if Task.isCancelled || call.isCancelled {
                        ended = true
                        return nil
                    }
                    if call.timedOut(attempt) {
                        try fallBack(after: CancellationError())
                        continue
                    }
                    // The attempt ended normally without text: an empty answer, all the same an answer.
                    commit()
                    ended = true
                    return ready.isEmpty ? nil : ready.removeFirst()
                }
                switch chunk {
                case .text:
                    commit()
                    ready.append(chunk)
                    return ready.removeFirst()
                case .finish:
                    heldFinish = chunk
                case .usage:
                    heldUsage = chunk
                }
            } catch {
                try fallBack(after: error)
            }
        }
    }

    /// Starts the next target its breaker lets through; throws the last attempt's error when none is left.
    private func startNextTarget() throws {
        let targets = call.alias.targets
        while attempt + 1 < targets.count {
            attempt += 1
            let target = targets[attempt]
            if call.routing.admit(target, breaker: call.alias.breaker) == .skip {
                call.routing.metrics.attempted(target, outcome: "skipped")
                continue
            }
            call.route?.attempted()
            let stream = call.start(target)
            guard call.begin(stream, attempt: attempt) else {
                stream.cancel()
                throw CancellationError()
            }
            (current, currentTarget, heldFinish, heldUsage) = (stream.makeAsyncIterator(), target, nil, nil)
            armFirstTokenTimer(attempt: attempt)
            return
        }
        throw lastError ?? ProviderError.transport("no target could be tried: every target's breaker is open")
    }

    /// Cuts attempt `attempt` if it has no text within the alias's first-token timeout, when a later target
    /// could take over. The last target has no timer: the request's own deadlines bound it.
    private func armFirstTokenTimer(attempt: Int) {
        timer?.cancel()
        let alias = call.alias
        guard alias.fallbackOn.contains(.firstTokenTimeout), attempt + 1 < alias.targets.count else { return }
        timer = call.routing.clock.requestTimers.schedule(after: .milliseconds(Int64(alias.firstTokenTimeoutSeconds * 1000))) { [call] in
            call.timeOut(attempt)
        }
    }

    /// The attempt failed before committing: tell its breaker, then try the next target if the failure is one the
    /// alias falls back on, or end the call with it.
    private func fallBack(after error: any Error) throws {
        timer?.cancel()
        current = nil
        guard let target = currentTarget else { throw error }
        let cause = call.cause(of: error, attempt: attempt)
        // Cancelled by the reader (not by the timer): no verdict on the target.
        if cause == nil, error is CancellationError || call.isCancelled { throw error }
        call.routing.record(target, breaker: call.alias.breaker, failure: cause)
        call.routing.metrics.attempted(target, outcome: cause?.rawValue ?? "refused")
        guard let cause, call.alias.fallbackOn.contains(cause), !call.isCancelled else { throw error }
        call.routing.metrics.fellBack(from: target)
        // A timed-out attempt ends in a cancellation: what the next one fails with, if it does, says more.
        lastError = cause == .firstTokenTimeout ? ProviderError.transport("no chunk within \(call.alias.firstTokenTimeoutSeconds) s") : error
    }

    /// The running attempt is the answer: the reader gets what it held back, and its target is told it answered.
    private func commit() {
        timer?.cancel()
        committed = true
        call.commit()
        ready = [heldFinish, heldUsage].compactMap { $0 }
        if let target = currentTarget {
            call.routing.record(target, breaker: call.alias.breaker, failure: nil)
            call.routing.metrics.attempted(target, outcome: "ok")
            call.route?.answered(by: target)
        }
    }
}
