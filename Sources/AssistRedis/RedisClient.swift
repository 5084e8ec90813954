public import AssistServices
import AssistEventLoop
import Foundation
import Synchronization

/// Redis for callers that await: a connection per event loop, owned by the loop (issue 29). A command runs on
/// the connection of the loop its caller runs on (a request's task runs on its server loop), so it is written,
/// read and its caller resumed on that one thread, with no hand-off; a caller on no loop (a background service,
/// a tool, a test) uses the client's own loop, made on first use. Each loop's commands are pipelined: sent at
/// once, whatever is still in flight, and matched to their replies in order (`RedisConnectionMachine`).
///
/// Bounded so that a caller gets an error, never a hang: past `capacity` commands queued or in flight on a
/// connection a submission fails at once (`.busy`); a command still waiting for its connection at its deadline
/// fails without being sent (`.busy`); a connect is bounded by `connectTimeout`, a reply by `ioTimeout`. A
/// caller so waits at most about `deadline + connectTimeout + ioTimeout`, and while the server is down much less.
///
/// Reconnection: a connection that failed, or that the server closed while it sat idle (a restart), is
/// dropped and a new one made at the next command, logging in and selecting the database again. While
/// connecting keeps failing, attempts back off (`reconnectDelay` doubling to `maxReconnectDelay`) and the
/// commands that arrive in between fail at once with the last `.unavailable` error, so a request never waits
/// on a server that is down. A command whose connection broke while it was in flight fails with
/// `.connectionLost` and is not retried: it may have run.
///
/// A `Service`: usable at once; `shutdown()` (or dropping the client) closes every connection, failing what
/// is still in flight with `.shutDown`; `run()` returns once it has.
public final class RedisClient: Service {
    public struct Settings: Sendable, Equatable {
        /// Commands queued or in flight on one connection at once; past it, a submission fails at once.
        public var capacity = 4096
        /// How long a command may wait for its connection.
        public var deadline: Duration = .seconds(2)
        /// How long a reply may take once its command is sent.
        public var ioTimeout: Duration = .seconds(2)
        public var connectTimeout: Duration = .seconds(1)
        /// The first wait after a failed connect, doubled after each failure in a row up to `maxReconnectDelay`.
        public var reconnectDelay: Duration = .milliseconds(100)
        public var maxReconnectDelay: Duration = .seconds(2)
        public init() {}
    }

    public let url: RedisURL
    public let settings: Settings
    private let loops: RedisLoops

    public init(url: RedisURL, settings: Settings = Settings()) {
        self.url = url
        self.settings = settings
        loops = RedisLoops(url: url, settings: settings)
    }

    deinit { loops.shutdown() }

    public var name: String { "redis client \(url)" }

    /// Runs `arguments` (the command's name first) and returns its reply; an error reply is thrown as `.server`.
    public func command(bytes arguments: [[UInt8]]) async throws -> RedisReply {
        let bytes = RESP.command(arguments)
        guard let loop = loops.loopForCommand() else { throw RedisError(.shutDown, "the client is shut down") }
        return try await withCheckedThrowingContinuation { continuation in
            let loops = self.loops
            if !loop.onLoop({ loops.connection(on: loop).submit(bytes, continuation) }) {
                continuation.resume(throwing: RedisError(.shutDown, "the client is shut down"))
            }
        }
    }

    /// `command(bytes:)` with text arguments, sent as their UTF-8 bytes.
    public func command(_ arguments: [String]) async throws -> RedisReply {
        try await command(bytes: arguments.map { Array($0.utf8) })
    }

    public func command(_ arguments: String...) async throws -> RedisReply {
        try await command(arguments)
    }

    /// Whether some loop holds a working connection now (for health checks; a command is the real test).
    public var isConnected: Bool { loops.connectedCount > 0 }

    public func run() async throws {
        await loops.ended.wait(onCancel: { [loops] in loops.shutdown() })
    }

    public func shutdown() { loops.shutdown() }
}
