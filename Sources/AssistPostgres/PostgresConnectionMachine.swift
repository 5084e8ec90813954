import AssistServices

/// One PostgreSQL connection's protocol logic, without sockets or libpq: events in (a command submitted, the
/// connection made or refused, a command's result, the connection lost, a clock tick), actions out (connect,
/// send this command, resume this caller, close). `PostgresLoopConnection` runs it on an event loop with libpq;
/// the unit tests drive it by hand.
///
/// Commands are pipelined: each statement is sent as soon as the connection is up, without waiting for the
/// results of earlier ones, and results are matched to commands in order (libpq's pipeline mode, a sync after
/// each statement, so that one statement's error does not abort the statements behind it). A script (several
/// statements in one string, a migration) cannot be pipelined: it is sent alone, once nothing is in flight,
/// and nothing is sent behind it until it is answered.
///
/// Each connection made gets a new `epoch`. A command may name the epoch it belongs to (a statement of a
/// transaction begun on that connection): on any other connection it fails `.connectionLost` unsent, since
/// running it outside its transaction would be wrong.
///
/// Bounds, so that a caller gets an error, never a hang:
/// - at most `capacity` commands queued or in flight; past it `.busy` at once;
/// - a command that waits for a connection past `deadline` fails `.busy`, unsent;
/// - connecting is bounded by `connectTimeout`; a command not answered within its own timeout of being sent
///   drops the connection, and every command in flight fails (`.timedOut` for it, `.connectionLost` for the
///   rest: each may have run);
/// - after a failed connect, attempts back off (`ReconnectBackoff`), and commands in between fail at once with
///   the last failure. A connection the server closed while nothing was in flight is replaced at the next
///   command, without waiting.
struct PostgresConnectionMachine {
    typealias ID = Int

    struct Settings {
        var capacity: Int
        var deadline: Duration
        var connectTimeout: Duration
        var reconnectDelay: Duration
        var maxReconnectDelay: Duration
    }

    struct Command {
        let id: ID
        /// Sent alone, with nothing else in flight (a script of several statements).
        let exclusive: Bool
        /// How long its result may take once it is sent.
        let timeout: Duration
        /// The connection it must run on, if any (see the type's note).
        let epoch: Int?
    }

    enum Action: Equatable {
        case connect
        case send(ID)
        case succeed(ID)
        case fail(ID, PostgresError)
        case close
    }

    enum Phase: Equatable {
        case idle
        case connecting(since: ContinuousClock.Instant)
        case ready
    }

    private struct Sent {
        let command: Command
        let sentAt: ContinuousClock.Instant
    }

    let settings: Settings
    private(set) var phase = Phase.idle
    /// The number of the connection now up (or last up); 0 before the first.
    private(set) var epoch = 0
    /// Commands not sent yet, with the instant they stop waiting for a connection.
    private var waiting: [(command: Command, deadline: ContinuousClock.Instant)] = []
    private var waitingStart = 0
    private var inFlight: [Sent] = []
    private var inFlightStart = 0
    private var backoff: ReconnectBackoff
    private var lastFailure = PostgresError(.unreachable, "not connected yet")
    private var shutDown = false

    init(settings: Settings) {
        self.settings = settings
        backoff = ReconnectBackoff(first: settings.reconnectDelay, limit: settings.maxReconnectDelay)
    }

    var isReady: Bool { phase == .ready }
    /// Commands queued or in flight.
    var load: Int { waiting.count - waitingStart + inFlight.count - inFlightStart }
    /// The command whose result comes next.
    var head: Command? { inFlightStart < inFlight.count ? inFlight[inFlightStart].command : nil }

    mutating func submit(_ command: Command, now: ContinuousClock.Instant) -> [Action] {
        if shutDown { return [.fail(command.id, PostgresError(.shutDown, "the client was shut down"))] }
        if let wanted = command.epoch, wanted != epoch || phase != .ready {
            return [.fail(command.id, PostgresError(.connectionLost, "the connection of its transaction was lost"))]
        }
        guard load < settings.capacity else {
            return [.fail(command.id, PostgresError(.busy, "\(settings.capacity) statements already waiting"))]
        }
        waiting.append((command, now + settings.deadline))
        switch phase {
        case .ready:
            return sendWaiting(now: now)
        case .connecting:
            return []
        case .idle:
            guard backoff.allows(at: now) else {
                waiting.removeLast()
                return [.fail(command.id, lastFailure)]
            }
            phase = .connecting(since: now)
            return [.connect]
        }
    }

    /// The connection is up: waiting commands go out.
    mutating func connected(now: ContinuousClock.Instant) -> [Action] {
        guard case .connecting = phase else { return [] }
        phase = .ready
        epoch += 1
        backoff.succeeded()
        return sendWaiting(now: now)
    }

    /// The connection could not be made: everything queued fails with `error`, and the next attempt waits for
    /// the backoff.
    mutating func connectFailed(_ error: PostgresError, now: ContinuousClock.Instant) -> [Action] {
        lastFailure = error
        backoff.failed(at: now)
        return drop(unsent: error, sent: error)
    }

    /// The head command's result is complete: `error` nil for success (its rows are the connection's to hand
    /// over), else the server's refusal.
    mutating func completed(_ error: PostgresError?, now: ContinuousClock.Instant) -> [Action] {
        guard inFlightStart < inFlight.count else {
            return lost(PostgresError(.connectionLost, "a result nobody asked for"), now: now)
        }
        let id = inFlight[inFlightStart].command.id
        inFlightStart += 1
        if inFlightStart == inFlight.count { (inFlight, inFlightStart) = ([], 0) }
        var actions: [Action] = [error.map { .fail(id, $0) } ?? .succeed(id)]
        actions += sendWaiting(now: now)
        return actions
    }

    /// The connection broke: commands in flight fail with `error` (each may have run); waiting ones fail as
    /// unreachable; the next command connects again at once.
    mutating func lost(_ error: PostgresError, now: ContinuousClock.Instant) -> [Action] {
        drop(unsent: PostgresError(.unreachable, error.message), sent: error)
    }

    /// Timeouts: a connect past `connectTimeout`, a result past its command's timeout, a command that waited
    /// past its deadline.
    mutating func tick(now: ContinuousClock.Instant) -> [Action] {
        if case .connecting(let since) = phase, now - since >= settings.connectTimeout {
            return connectFailed(PostgresError(.unreachable, "no connection within \(settings.connectTimeout)"), now: now)
        }
        if inFlightStart < inFlight.count {
            let first = inFlight[inFlightStart]
            if now - first.sentAt >= first.command.timeout {
                var actions = drop(unsent: PostgresError(.unreachable, "the connection was dropped after a timeout"),
                                   sent: PostgresError(.connectionLost, "the connection was dropped after a statement's timeout"),
                                   except: first.command.id)
                actions.append(.fail(first.command.id, PostgresError(.timedOut, "no answer from the server within \(first.command.timeout)")))
                return actions
            }
        }
        var actions: [Action] = []
        guard phase != .ready else { return actions }
        let deadline = settings.deadline
        var kept: [(command: Command, deadline: ContinuousClock.Instant)] = []
        for entry in waiting[waitingStart...] {
            if entry.deadline <= now {
                actions.append(.fail(entry.command.id, PostgresError(.busy, "waited past its deadline of \(deadline) for a connection")))
            } else {
                kept.append(entry)
            }
        }
        (waiting, waitingStart) = (kept, 0)
        return actions
    }

    /// When `tick` next has something to do; nil when nothing waits.
    func nextDeadline() -> ContinuousClock.Instant? {
        var deadlines: [ContinuousClock.Instant] = []
        if phase != .ready, waitingStart < waiting.count { deadlines.append(waiting[waitingStart...].map(\.deadline).min()!) }
        if case .connecting(let since) = phase { deadlines.append(since + settings.connectTimeout) }
        if inFlightStart < inFlight.count { deadlines.append(inFlight[inFlightStart].sentAt + inFlight[inFlightStart].command.timeout) }
        return deadlines.min()
    }

    /// Everything queued or in flight fails `.shutDown`; later commands too.
    mutating func shutdown() -> [Action] {
        shutDown = true
        let error = PostgresError(.shutDown, "the client was shut down")
        return drop(unsent: error, sent: error)
    }

    /// Sends waiting commands in order while the pipeline allows: a script only once nothing is in flight, and
    /// nothing behind a script until it is answered.
    private mutating func sendWaiting(now: ContinuousClock.Instant) -> [Action] {
        guard phase == .ready else { return [] }
        var actions: [Action] = []
        while waitingStart < waiting.count {
            if let head, head.exclusive { break }
            let next = waiting[waitingStart].command
            if next.exclusive, inFlightStart < inFlight.count { break }
            waitingStart += 1
            if let wanted = next.epoch, wanted != epoch {
                actions.append(.fail(next.id, PostgresError(.connectionLost, "the connection of its transaction was lost")))
                continue
            }
            inFlight.append(Sent(command: next, sentAt: now))
            actions.append(.send(next.id))
        }
        if waitingStart == waiting.count { (waiting, waitingStart) = ([], 0) }
        return actions
    }

    /// Closes the connection (if any): waiting commands fail with `unsent`, those in flight with `sent`
    /// (but `except`, which the caller fails itself).
    private mutating func drop(unsent: PostgresError, sent: PostgresError, except: ID? = nil) -> [Action] {
        var actions: [Action] = phase == .idle ? [] : [.close]
        for entry in inFlight[inFlightStart...] where entry.command.id != except { actions.append(.fail(entry.command.id, sent)) }
        for entry in waiting[waitingStart...] { actions.append(.fail(entry.command.id, unsent)) }
        (inFlight, inFlightStart, waiting, waitingStart) = ([], 0, [], 0)
        phase = .idle
        return actions
    }
}
