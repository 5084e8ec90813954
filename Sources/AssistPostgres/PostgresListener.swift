public import AssistServices
import CLinux
import Foundation
import Synchronization

/// Hears PostgreSQL notifications (`LISTEN`) on a connection and a thread of its own, and hands each to a
/// handler; `PostgresClient.notify` (or a store's own `pg_notify`) sends them.
///
/// Notifications are not stored: one sent while the connection is down is lost. So after every connection,
/// once LISTEN is in effect, the handler is told `.listening(reconnected:)` — the first time at start, then
/// after each reconnection — and an owner that caches shared state re-reads all of it then. The connection
/// is remade with back-off (`PostgresClient.Settings`' delays) for as long as the listener runs; TCP
/// keepalives notice a server that vanished without closing the connection.
///
/// The handler runs on the listener's thread, in order: it must return quickly (hand work to a task).
/// A `Service`: `shutdown()` ends the thread promptly, `run()` returns once it has ended.
public final class PostgresListener: Service {
    public enum Event: Sendable, Equatable {
        case notification(channel: String, payload: String)
        /// LISTEN is in effect on a new connection; with `reconnected`, notifications sent since the last one
        /// broke were lost: re-read everything.
        case listening(reconnected: Bool)
    }

    public let name = "PostgreSQL listener"
    private let core = Core()

    /// What the listener's thread shares with its owner. An object of its own so that the thread does not
    /// keep the listener alive: dropping the listener shuts it down.
    private final class Core: Sendable {
        let stopped = Atomic<Bool>(false)
        let listening = Atomic<Bool>(false)
        /// Wakes the thread's `poll` for `shutdown()`; -1 if it could not be made (the poll then ticks).
        /// Closed when the last of the owner and the thread lets go, so a late wake never hits another file.
        let wakeFD = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
        let ended = Latch()

        deinit { if wakeFD >= 0 { close(wakeFD) } }

        func stop() {
            guard !stopped.exchange(true, ordering: .relaxed) else { return }
            if wakeFD >= 0 { _ = eventfd_write(wakeFD, 1) }
        }
    }

    /// Starts listening on `channels` (names as `pg_notify` is given them; quoted here, so case matters).
    public init(url: String, channels: [String], settings: PostgresClient.Settings = PostgresClient.Settings(),
                handler: @escaping @Sendable (Event) -> Void) {
        let listen = channels.map { "LISTEN \"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"" }.joined(separator: "; ")
        let thread = Thread { [core] in
            Self.loop(core, url: url, listen: listen, settings: settings, handler: handler)
            core.listening.store(false, ordering: .relaxed)
            core.ended.open()
        }
        thread.name = "assist-postgres-listen"
        thread.start()
    }

    deinit { core.stop() }

    /// Whether LISTEN is in effect now.
    public var isListening: Bool { core.listening.load(ordering: .relaxed) }

    /// Returns once the listening thread has ended. Never throws: a lost or refused connection is retried by the
    /// thread, told to the handler as events, until `shutdown()`.
    public func run() async { await core.ended.wait(onCancel: { [core] in core.stop() }) }

    public func shutdown() { core.stop() }

    private static func loop(_ core: Core, url: String, listen: String, settings: PostgresClient.Settings, handler: @Sendable (Event) -> Void) {
        var backoff = ReconnectBackoff(first: settings.reconnectDelay, limit: settings.maxReconnectDelay)
        var connection: PostgresConnection?
        var listenedBefore = false
        while !core.stopped.load(ordering: .relaxed) {
            guard let current = connection else {
                if let next = backoff.nextAttempt, next > .now {
                    waitForWake(core, until: next)
                    continue
                }
                do {
                    let made = try PostgresConnection(url: url, connectTimeoutSeconds: settings.connectTimeoutSeconds,
                                                      applicationName: settings.applicationName)
                    try made.execute(listen, timeout: settings.statementTimeout)
                    backoff.succeeded()
                    connection = made
                    core.listening.store(true, ordering: .relaxed)
                    handler(.listening(reconnected: listenedBefore))
                    listenedBefore = true
                    // Notifications may have arrived with LISTEN's answer.
                    if !made.consumeNotifications({ handler(.notification(channel: $0, payload: $1)) }) { throw PostgresError(.connectionLost, "") }
                } catch {
                    connection?.close()
                    connection = nil
                    core.listening.store(false, ordering: .relaxed)
                    backoff.failed(at: .now)
                }
                continue
            }
            var descriptors = [pollfd(fd: current.socket, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: core.wakeFD, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, core.wakeFD >= 0 ? 2 : 1, core.wakeFD >= 0 ? -1 : 200)
            guard ready > 0, descriptors[0].revents != 0 else { continue }
            if !current.consumeNotifications({ handler(.notification(channel: $0, payload: $1)) }) {
                current.close()
                connection = nil
                core.listening.store(false, ordering: .relaxed)
            }
        }
        connection?.close()
    }

    /// Sleeps until `instant` or `shutdown()`, whichever is first.
    private static func waitForWake(_ core: Core, until instant: ContinuousClock.Instant) {
        let remaining = instant - .now
        let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
        var descriptor = pollfd(fd: core.wakeFD, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, core.wakeFD >= 0 ? milliseconds : min(milliseconds, 200))
    }
}
