import AssistHTTP
import AssistWire
import Foundation
import Synchronization

/// Pings and deadlines for every open stream of the process, from one thread instead of a task per stream.
///
/// Every `tick` it sends a ping to each stream whose ping is due (skipped, not queued, when the client is
/// behind: data is already waiting for it) and cancels the provider call of each stream whose deadline has
/// passed: the first-token timeout until the first delta, then the idle timeout after each delta. A tick of
/// 50 ms bounds how late a timeout or ping fires; it costs nothing per stream between ticks.
final class StreamWatchdog: Sendable {
    static let shared = StreamWatchdog(tick: .milliseconds(50))

    /// Why a stream was ended from outside its pump.
    enum Stop: Sendable, Equatable {
        /// No delta within the first-token or idle timeout.
        case timeout
        /// An operator turned the feature off and asked for its streams to end.
        case featureDisabled
    }

    /// One stream's timing: updated by its pump, read by the watchdog.
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

        init(writer: any ResponseBodyWriter, stream: ProviderStream, startedAt: ContinuousClock.Instant, limits: Limits) {
            self.writer = writer
            self.stream = stream
            self.startedAt = startedAt
            firstToken = .seconds(limits.firstTokenTimeoutSeconds)
            idle = .seconds(limits.idleTimeoutSeconds)
            ping = .seconds(limits.pingSeconds)
            state = Mutex(State(nextPingAt: .now + .seconds(limits.pingSeconds)))
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

        fileprivate func check(at now: ContinuousClock.Instant) {
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

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    init(tick: Duration) {
        let thread = Thread { [self] in
            let microseconds = UInt32(tick.components.attoseconds / 1_000_000_000_000) + UInt32(tick.components.seconds) * 1_000_000
            while true {
                usleep(microseconds)
                let now = ContinuousClock.now
                for entry in entries.withLock({ Array($0.values) }) { entry.check(at: now) }
            }
        }
        thread.name = "assist-stream-watchdog"
        thread.start()
    }

    func watch(_ entry: Entry) { entries.withLock { $0[ObjectIdentifier(entry)] = entry } }
    func forget(_ entry: Entry) { _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(entry)) } }
}
