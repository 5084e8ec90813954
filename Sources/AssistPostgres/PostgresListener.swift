public import AssistServices
import Foundation
import Synchronization

/// Hears PostgreSQL notifications (`LISTEN`) on a connection of its own, on an event loop (a `PostgresClient`
/// of its own, whose connection reports what it hears), and hands each to a handler; `PostgresClient.notify`
/// (or a store's own `pg_notify`) sends them.
///
/// Notifications are not stored: one sent while the connection is down is lost. So after every connection,
/// once LISTEN is in effect, the handler is told `.listening(reconnected:)` — the first time at start, then
/// after each reconnection — and an owner that caches shared state re-reads all of it then. The connection
/// is remade with back-off (`PostgresClient.Settings`' delays) for as long as the listener runs; TCP
/// keepalives notice a server that vanished without closing the connection.
///
/// The handler is called on the loop's thread: it must return quickly (hand work to a task). A `Service`:
/// `shutdown()` ends the listening promptly, `run()` returns once it has ended.
public final class PostgresListener: Service {
    public enum Event: Sendable, Equatable {
        case notification(channel: String, payload: String)
        /// LISTEN is in effect on a new connection; with `reconnected`, notifications sent since the last one
        /// broke were lost: re-read everything.
        case listening(reconnected: Bool)
    }

    public let name = "PostgreSQL listener"
    private let core: Core

    /// What the listening task shares with its owner. An object of its own so that the task does not keep the
    /// listener alive: dropping the listener shuts it down.
    private final class Core: Sendable {
        struct State {
            var stopped = false
            /// Times the connection went down so far.
            var downs = 0
            /// The listening task, while it waits for the connection to go down (or for its back-off).
            var waiter: CheckedContinuation<Void, Never>?
        }

        let state = Mutex(State())
        let listening = Atomic<Bool>(false)
        let ended = Latch()

        var stopped: Bool { state.withLock { $0.stopped } }

        func stop() {
            state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.stopped = true
                defer { state.waiter = nil }
                return state.waiter
            }?.resume()
        }

        func wentDown() {
            listening.store(false, ordering: .relaxed)
            state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.downs += 1
                defer { state.waiter = nil }
                return state.waiter
            }?.resume()
        }

        /// Returns once the connection has gone down more than `downs` times in all, or on `stop()`.
        func waitForDown(after downs: Int) async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    guard !state.stopped, state.downs <= downs else { return true }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        }

        /// Sleeps until `instant`, or a little after `stop()` (it looks every 50 ms).
        func pause(until instant: ContinuousClock.Instant) async {
            while !stopped, instant > .now {
                try? await Task.sleep(for: min(instant - .now, .milliseconds(50)))
            }
        }
    }

    /// Starts listening on `channels` (names as `pg_notify` is given them; quoted here, so case matters).
    public init(url: String, channels: [String], settings: PostgresClient.Settings = PostgresClient.Settings(),
                handler: @escaping @Sendable (Event) -> Void) {
        let listen = channels.map { "LISTEN \"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"" }.joined(separator: "; ")
        let core = Core()
        self.core = core
        let client = PostgresClient(url: url, settings: settings,
                                    notifications: { handler(.notification(channel: $0, payload: $1)) },
                                    readiness: { [weak core] up in if !up { core?.wentDown() } })
        Task { [core] in
            await Self.listen(core, client: client, listen: listen, settings: settings, handler: handler)
            client.shutdown()
            try? await client.run()
            core.listening.store(false, ordering: .relaxed)
            core.ended.open()
        }
    }

    deinit { core.stop() }

    /// Whether LISTEN is in effect now.
    public var isListening: Bool { core.listening.load(ordering: .relaxed) }

    /// Returns once listening has ended. Never throws: a lost or refused connection is retried, told to the
    /// handler as events, until `shutdown()`.
    public func run() async { await core.ended.wait(onCancel: { [core] in core.stop() }) }

    public func shutdown() { core.stop() }

    private static func listen(_ core: Core, client: PostgresClient, listen: String, settings: PostgresClient.Settings,
                               handler: @Sendable (Event) -> Void) async {
        var backoff = ReconnectBackoff(first: settings.reconnectDelay, limit: settings.maxReconnectDelay)
        var listenedBefore = false
        while !core.stopped {
            if let next = backoff.nextAttempt, next > .now {
                await core.pause(until: next)
                continue
            }
            let downs = core.state.withLock { $0.downs }
            do {
                try await client.perform { try await $0.execute(listen) }
            } catch {
                backoff.failed(at: .now)
                continue
            }
            backoff.succeeded()
            core.listening.store(true, ordering: .relaxed)
            handler(.listening(reconnected: listenedBefore))
            listenedBefore = true
            await core.waitForDown(after: downs)
        }
    }
}
