import AssistHTTP
import AssistWire
import Synchronization

extension StreamWatchdog {
    /// Why a stream was ended from outside its pump.
    enum Stop: Sendable, Equatable {
        /// No delta within the first-token or idle timeout.
        case timeout
        /// An operator turned the feature off and asked for its streams to end.
        case featureDisabled
    }

    /// One stream's timing: updated by its pump, read by the watchdog. Every instant it holds or is given
    /// comes from the watchdog's clock.
    final class Entry: Sendable {
        private struct State {
            var lastDeltaAt: ContinuousClock.Instant?
            var nextPingAt: ContinuousClock.Instant
            var stopped: Stop?
        }

        let writer: any ResponseBodyWriter
        let stream: ProviderStream
        private let startedAt: ContinuousClock.Instant
        private let firstToken: Duration, idle: Duration, ping: Duration
        private let state: Mutex<State>

        /// - Parameters:
        ///   - startedAt: when the request arrived; the first-token timeout runs from it.
        ///   - openedAt: when the response opened with its first ping; the next is due `pingSeconds` later.
        ///     Nil means `startedAt`.
        init(writer: any ResponseBodyWriter, stream: ProviderStream, startedAt: ContinuousClock.Instant, limits: Limits,
             openedAt: ContinuousClock.Instant? = nil) {
            self.writer = writer
            self.stream = stream
            self.startedAt = startedAt
            firstToken = .seconds(limits.firstTokenTimeoutSeconds)
            idle = .seconds(limits.idleTimeoutSeconds)
            ping = .seconds(limits.pingSeconds)
            state = Mutex(State(nextPingAt: (openedAt ?? startedAt) + .seconds(limits.pingSeconds)))
        }

        /// The pump saw a delta: the idle deadline starts over.
        func delta(at instant: ContinuousClock.Instant) { state.withLock { $0.lastDeltaAt = instant } }

        /// Why this stream was ended from outside, if it was.
        var stopped: Stop? { state.withLock { $0.stopped } }

        /// Ends the stream: cancels the provider call; the pump then reports `reason`. The first stop wins.
        func stop(_ reason: Stop) {
            let first = state.withLock { state in
                guard state.stopped == nil else { return false }
                state.stopped = reason
                return true
            }
            if first { stream.cancel() }
        }

        func check(at now: ContinuousClock.Instant) {
            enum Action { case none, ping, timeout }
            let action: Action = state.withLock { state in
                guard state.stopped == nil else { return .none }
                let deadline = state.lastDeltaAt.map { $0 + idle } ?? (startedAt + firstToken)
                if now >= deadline { return .timeout }
                guard now >= state.nextPingAt else { return .none }
                state.nextPingAt = now + ping
                return .ping
            }
            switch action {
            case .none: break
            case .ping: writer.tryWrite(SSEFrames.ping)
            case .timeout: stop(.timeout)
            }
        }
    }
}
