import AssistServices

/// One Redis connection's protocol logic, without sockets: events in (a command submitted, the connection made
/// or refused, a reply, the connection lost, a clock tick), actions out (connect, send these bytes, resume this
/// caller, close). `RedisLoopConnection` runs it on an event loop; the unit tests drive it by hand.
///
/// Commands are pipelined: each is sent as soon as the connection is up, without waiting for earlier replies,
/// and replies are matched to commands in order. The login (`AUTH`) and database selection (`SELECT`) go first
/// on every new connection; an error reply to either fails the connection as unavailable.
///
/// Bounds, so that a caller gets an error, never a hang:
/// - at most `capacity` commands queued or in flight; past it `.busy` at once;
/// - a command that waits for a connection past its `deadline` fails `.busy`, unsent;
/// - connecting is bounded by `connectTimeout`; a reply not received within `ioTimeout` of its command being
///   sent drops the connection, and every command in flight fails `.connectionLost` (it may have run);
/// - after a failed connect, attempts back off (`ReconnectBackoff`), and commands in between fail at once with
///   the last failure. A connection the server closed while nothing was in flight (a restart) is replaced at
///   the next command, without waiting.
struct RedisConnectionMachine {
    typealias ID = Int

    struct Settings {
        var capacity: Int
        var deadline: Duration
        var connectTimeout: Duration
        var ioTimeout: Duration
        var reconnectDelay: Duration
        var maxReconnectDelay: Duration
    }

    enum Action {
        case connect
        case send([UInt8])
        case succeed(ID, RedisReply)
        case fail(ID, RedisError)
        case close
    }

    enum Phase: Equatable {
        case idle
        case connecting(since: ContinuousClock.Instant)
        case ready
    }

    private struct Waiting {
        let id: ID
        let bytes: [UInt8]
        let deadline: ContinuousClock.Instant
    }

    private struct InFlight {
        /// Nil for the login commands the connection sends itself.
        let id: ID?
        let sentAt: ContinuousClock.Instant
    }

    let settings: Settings
    /// `AUTH` and `SELECT`, encoded, sent first on every connection.
    let handshake: [[UInt8]]
    private(set) var phase = Phase.idle
    private var waiting: [Waiting] = []
    private var inFlight: [InFlight] = []
    private var inFlightStart = 0
    private var backoff: ReconnectBackoff
    private var lastFailure = RedisError(.unavailable, "not connected yet")
    private var shutDown = false

    init(settings: Settings, handshake: [[UInt8]]) {
        self.settings = settings
        self.handshake = handshake
        backoff = ReconnectBackoff(first: settings.reconnectDelay, limit: settings.maxReconnectDelay)
    }

    var isReady: Bool { phase == .ready }
    /// Callers' commands in flight (the login is the connection's own, not counted against `capacity`).
    private var callersInFlight = 0

    /// A caller's command (`bytes`: its RESP encoding).
    mutating func submit(_ id: ID, bytes: [UInt8], now: ContinuousClock.Instant) -> [Action] {
        if shutDown { return [.fail(id, RedisError(.shutDown, "the client is shut down"))] }
        guard waiting.count + callersInFlight < settings.capacity else {
            return [.fail(id, RedisError(.busy, "\(settings.capacity) commands already waiting"))]
        }
        switch phase {
        case .ready:
            inFlight.append(InFlight(id: id, sentAt: now))
            callersInFlight += 1
            return [.send(bytes)]
        case .connecting:
            waiting.append(Waiting(id: id, bytes: bytes, deadline: now + settings.deadline))
            return []
        case .idle:
            guard backoff.allows(at: now) else { return [.fail(id, lastFailure)] }
            waiting.append(Waiting(id: id, bytes: bytes, deadline: now + settings.deadline))
            phase = .connecting(since: now)
            return [.connect]
        }
    }

    /// The socket is connected: the login, then every waiting command, go out at once.
    mutating func connected(now: ContinuousClock.Instant) -> [Action] {
        guard case .connecting = phase else { return [] }
        phase = .ready
        if handshake.isEmpty { backoff.succeeded() }  // else once the login is answered
        var actions: [Action] = []
        for command in handshake {
            inFlight.append(InFlight(id: nil, sentAt: now))
            actions.append(.send(command))
        }
        for command in waiting {
            inFlight.append(InFlight(id: command.id, sentAt: now))
            actions.append(.send(command.bytes))
        }
        callersInFlight += waiting.count
        waiting = []
        return actions
    }

    /// The connection could not be made (refused, timed out, the login refused): everything queued or in flight
    /// fails with `error`, and the next attempt waits for the backoff.
    mutating func connectFailed(_ error: RedisError, now: ContinuousClock.Instant) -> [Action] {
        lastFailure = error
        backoff.failed(at: now)
        return drop(error, sentError: error)
    }

    /// The next reply, in order.
    mutating func received(_ reply: RedisReply, now: ContinuousClock.Instant) -> [Action] {
        guard inFlightStart < inFlight.count else {
            return lost(RedisError(.connectionLost, "a reply nobody asked for: \(reply)"), now: now)
        }
        let command = inFlight[inFlightStart]
        inFlightStart += 1
        if inFlightStart == inFlight.count { (inFlight, inFlightStart) = ([], 0) }
        guard let id = command.id else {
            if case .error(let message) = reply {
                return connectFailed(RedisError(.unavailable, "the server refused the login: \(message)"), now: now)
            }
            backoff.succeeded()
            return []
        }
        callersInFlight -= 1
        if case .error(let message) = reply { return [.fail(id, RedisError(.server, message))] }
        return [.succeed(id, reply)]
    }

    /// The connection broke (a failed read or write, the server closed it): commands in flight fail as
    /// `.connectionLost` (each may have run); the next command connects again at once.
    mutating func lost(_ error: RedisError, now: ContinuousClock.Instant) -> [Action] {
        drop(RedisError(.unavailable, error.message), sentError: error)
    }

    /// Timeouts: a connect past `connectTimeout`, a reply past `ioTimeout`, a command that waited past its deadline.
    mutating func tick(now: ContinuousClock.Instant) -> [Action] {
        if case .connecting(let since) = phase, now - since >= settings.connectTimeout {
            return connectFailed(RedisError(.unavailable, "no connection within \(settings.connectTimeout)"), now: now)
        }
        if inFlightStart < inFlight.count, now - inFlight[inFlightStart].sentAt >= settings.ioTimeout {
            return lost(RedisError(.connectionLost, "no reply within \(settings.ioTimeout)"), now: now)
        }
        var actions: [Action] = []
        let deadline = settings.deadline
        waiting.removeAll { command in
            guard command.deadline <= now else { return false }
            actions.append(.fail(command.id, RedisError(.busy, "waited past its deadline of \(deadline)")))
            return true
        }
        return actions
    }

    /// When `tick` next has something to do; nil when nothing waits.
    func nextDeadline() -> ContinuousClock.Instant? {
        var deadlines: [ContinuousClock.Instant] = waiting.map(\.deadline)
        if case .connecting(let since) = phase { deadlines.append(since + settings.connectTimeout) }
        if inFlightStart < inFlight.count { deadlines.append(inFlight[inFlightStart].sentAt + settings.ioTimeout) }
        return deadlines.min()
    }

    /// Everything queued or in flight fails `.shutDown`; later commands too.
    mutating func shutdown() -> [Action] {
        shutDown = true
        let error = RedisError(.shutDown, "the client is shut down")
        return drop(error, sentError: error)
    }

    /// Closes the connection (if any): waiting commands fail with `unsentError`, those in flight with `sentError`.
    private mutating func drop(_ unsentError: RedisError, sentError: RedisError) -> [Action] {
        var actions: [Action] = phase == .idle ? [] : [.close]
        for command in inFlight[inFlightStart...] { if let id = command.id { actions.append(.fail(id, sentError)) } }
        for command in waiting { actions.append(.fail(command.id, unsentError)) }
        (inFlight, inFlightStart, waiting, callersInFlight) = ([], 0, [], 0)
        phase = .idle
        return actions
    }
}

/// RESP, the Redis protocol's request form: an array of bulk strings, binary-safe.
enum RESP {
    static func command(_ arguments: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 + arguments.reduce(0) { $0 + $1.count + 16 })
        bytes += Array("*\(arguments.count)\r\n".utf8)
        for argument in arguments {
            bytes += Array("$\(argument.count)\r\n".utf8)
            bytes += argument
            bytes += [13, 10]
        }
        return bytes
    }
}
