public import AssistServices
import CLinux
import Foundation
import Glibc
import Synchronization

/// Messages published on Redis channels, delivered to a handler: a connection and a thread of its own.
///
/// Redis pub/sub is fire-and-forget: a message published while the subscriber is disconnected is lost. So
/// the handler is told about the connection, not only the messages: `.subscribed(resumed: false)` once the
/// first subscription is confirmed, `.disconnected` when it is lost, and `.subscribed(resumed: true)` when it
/// is back after a reconnect — the moment the owner must re-read whatever the messages were announcing
/// (admin changes: the feature overrides), since it may have missed some.
///
/// The thread connects (backing off while it cannot), subscribes, and then waits on the socket with `poll`.
/// A connection that says nothing for `pingInterval` is sent a `PING`; no answer within another interval and
/// it is declared lost, so a server that vanished without closing the socket is noticed too.
///
/// The handler runs on the subscriber's thread, one event at a time, in order: it must return quickly (hand
/// the work to a task) and must not block, or it delays the next messages.
public final class RedisSubscriber: Service {
    public enum Event: Sendable, Equatable {
        /// Subscribed to every channel; `resumed` after a reconnect, when messages may have been missed.
        case subscribed(resumed: Bool)
        case message(channel: String, payload: [UInt8])
        /// The subscription was lost; the thread is reconnecting.
        case disconnected(RedisError)
    }

    public struct Settings: Sendable, Equatable {
        public var connectTimeout: Duration = .seconds(1)
        public var ioTimeout: Duration = .seconds(2)
        public var reconnectDelay: Duration = .milliseconds(100)
        public var maxReconnectDelay: Duration = .seconds(2)
        /// Silence after which the connection is pinged, and then declared lost.
        public var pingInterval: Duration = .seconds(5)
        public init() {}
    }

    public let url: RedisURL
    public let channels: [String]
    private let worker: Worker

    public init(url: RedisURL, channels: [String], settings: Settings = Settings(),
                handler: @escaping @Sendable (Event) -> Void) {
        precondition(!channels.isEmpty, "a subscriber needs a channel")
        self.url = url
        self.channels = channels
        worker = Worker(url: url, channels: channels, settings: settings, handler: handler)
        let worker = worker
        let thread = Thread { worker.loop() }
        thread.name = "assist-redis-sub"
        thread.start()
    }

    deinit { worker.shutdown() }

    public var name: String { "redis subscriber \(url) \(channels.joined(separator: ","))" }

    public func run() async throws {
        await worker.ended.wait(onCancel: { [worker] in worker.shutdown() })
    }

    public func shutdown() { worker.shutdown() }

    private final class Worker: Sendable {
        let url: RedisURL
        let channels: [String]
        let settings: Settings
        let handler: @Sendable (Event) -> Void
        let ended = Latch()
        private let stopped = Atomic<Bool>(false)
        /// Wakes the thread's `poll` for `shutdown()`; closed when the worker goes, after the thread has ended.
        private let wakeDescriptor = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))

        init(url: RedisURL, channels: [String], settings: Settings, handler: @escaping @Sendable (Event) -> Void) {
            self.url = url
            self.channels = channels
            self.settings = settings
            self.handler = handler
        }

        deinit { close(wakeDescriptor) }

        func shutdown() {
            stopped.store(true, ordering: .sequentiallyConsistent)
            var one: UInt64 = 1
            _ = write(wakeDescriptor, &one, 8)
        }

        private var isStopped: Bool { stopped.load(ordering: .sequentiallyConsistent) }

        func loop() {
            RedisConnection.prepareThread()
            var backoff = ReconnectBackoff(first: settings.reconnectDelay, limit: settings.maxReconnectDelay)
            var subscribedBefore = false
            while !isStopped {
                if !backoff.allows() {
                    _ = wait(for: nil, until: backoff.nextAttempt ?? .now)
                    continue
                }
                let connection: RedisConnection
                do {
                    connection = try RedisConnection(url, connectTimeout: settings.connectTimeout, ioTimeout: settings.ioTimeout)
                } catch {
                    backoff.failed()
                    continue
                }
                // Only a confirmed subscription resets the back-off: a server that accepts the connection but
                // refuses SUBSCRIBE (an ACL) is retried at the back-off's pace, not in a tight loop.
                var subscribed = false
                do {
                    try listen(on: connection, resumed: subscribedBefore) {
                        subscribed = true
                        subscribedBefore = true
                        backoff.succeeded()
                    }
                } catch {
                    RedisConnection.discardPendingSIGPIPE()
                    if !subscribed { backoff.failed() }
                    if !isStopped { handler(.disconnected(error as? RedisError ?? RedisError(.connectionLost, "\(error)"))) }
                }
            }
            ended.open()
        }

        /// Subscribes and delivers until the connection fails (throws) or the subscriber is shut down (returns).
        private func listen(on connection: RedisConnection, resumed: Bool, onSubscribed: () -> Void) throws {
            try connection.send(["SUBSCRIBE"] + channels)
            var confirmed = Set<String>()
            var announced = false
            var lastHeard = ContinuousClock.now
            var pingSent: ContinuousClock.Instant?
            while !isStopped {
                while let reply = try connection.bufferedReply() {
                    if case .error(let message) = reply { throw RedisError(.server, message) }  // SUBSCRIBE refused
                    guard let parts = reply.elements, let kind = parts.first?.string else { continue }
                    switch kind {
                    case "message" where parts.count == 3:
                        guard case .bulk(let payload) = parts[2] else { continue }
                        handler(.message(channel: parts[1].string ?? "", payload: payload))
                    case "subscribe" where parts.count == 3:
                        confirmed.insert(parts[1].string ?? "")
                        if !announced, confirmed.count == Set(channels).count {
                            announced = true
                            onSubscribed()
                            handler(.subscribed(resumed: resumed))
                        }
                    default:
                        break  // "pong", and anything else not ours
                    }
                }
                let deadline = (pingSent ?? lastHeard) + settings.pingInterval
                switch wait(for: connection.descriptor, until: deadline) {
                case .readable:
                    try connection.readAvailable()
                    lastHeard = .now
                    pingSent = nil
                case .woken:
                    continue
                case .timedOut:
                    if pingSent != nil {
                        throw RedisError(.connectionLost, "no answer to PING within \(settings.pingInterval)")
                    }
                    try connection.send(["PING"])
                    pingSent = .now
                }
            }
        }

        private enum Wake { case readable, woken, timedOut }

        /// Waits for `descriptor` to be readable, `shutdown()`, or `deadline`, whichever comes first.
        private func wait(for descriptor: Int32?, until deadline: ContinuousClock.Instant) -> Wake {
            var entries = [pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
            if let descriptor { entries.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
            let remaining = max(.zero, deadline - .now)
            let milliseconds = Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000) + 1
            let count = poll(&entries, nfds_t(entries.count), milliseconds)
            guard count > 0 else { return .timedOut }
            if entries[0].revents != 0 {
                var value: UInt64 = 0
                _ = read(wakeDescriptor, &value, 8)
                return .woken
            }
            return entries.count > 1 && entries[1].revents != 0 ? .readable : .timedOut
        }
    }
}

extension RedisClient {
    /// Publishes `message` on `channel`; returns how many subscribers (on this server) received it.
    @discardableResult
    public func publish(_ channel: String, _ message: [UInt8]) async throws -> Int {
        try await command(bytes: [Array("PUBLISH".utf8), Array(channel.utf8), message]).int ?? 0
    }

    @discardableResult
    public func publish(_ channel: String, _ message: String) async throws -> Int {
        try await publish(channel, Array(message.utf8))
    }
}
