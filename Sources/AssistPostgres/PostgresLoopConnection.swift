import AssistEventLoop
import CLibPQ
import Foundation

/// One `PostgresClient`'s connection on one event loop: libpq in non-blocking mode on a socket the loop
/// watches, connecting without blocking (`PQconnectPoll`) and sending statements in pipeline mode, with the
/// protocol logic of `PostgresConnectionMachine`. Every method runs on the loop's thread, so a request whose
/// task runs on a loop sends its statements and is resumed with their rows on that one thread (issue 29).
///
/// Not `Sendable`: it never leaves its loop's thread.
final class PostgresLoopConnection: LoopConnection {
    enum Statement: Sendable {
        /// One statement, `$1`… bound to parameters in text format (already checked for NUL).
        case query(String, [String?])
        /// Several statements in one string, without parameters (a migration): sent alone, outside the pipeline.
        case script(String)
    }

    /// A statement's rows, and the number of the connection it ran on (a transaction's statements must all
    /// run on the one its `BEGIN` did).
    struct Answer: Sendable {
        let rows: [PostgresRow]
        let epoch: Int
    }

    private struct Caller {
        let statement: Statement
        /// Nil for a statement sent without waiting (a savepoint): its result is dropped, and an error it met
        /// shows in the transaction's next statement.
        let continuation: CheckedContinuation<Answer, any Error>?
    }

    private let url: String
    private let settings: PostgresClient.Settings
    private let loop: EventLoop
    private var machine: PostgresConnectionMachine
    private var handle: OpaquePointer?
    /// The socket the loop watches for this connection, -1 for none.
    private var watched: Int32 = -1
    /// Whether `onReadiness(true)` was said for this connection (so that closing it says false once).
    private var announcedUp = false
    private var watchingWrites = false
    private var callers: [PostgresConnectionMachine.ID: Caller] = [:]
    private var nextID = 0
    /// The head command's result so far: its rows, or the first error among its results.
    private var rows: [PostgresRow] = []
    private var failure: PostgresError?
    /// Told whether the connection is up (the client's `isConnected`).
    private let onReadiness: (Bool) -> Void
    /// Told each notification heard (`LISTEN`), in order.
    private let notifications: ((_ channel: String, _ payload: String) -> Void)?

    init(url: String, settings: PostgresClient.Settings, loop: EventLoop, notifications: ((String, String) -> Void)? = nil,
         onReadiness: @escaping (Bool) -> Void) {
        self.url = url
        self.notifications = notifications
        self.settings = settings
        self.loop = loop
        self.onReadiness = onReadiness
        machine = PostgresConnectionMachine(settings: .init(
            capacity: settings.capacity, deadline: settings.deadline, connectTimeout: .seconds(max(1, settings.connectTimeoutSeconds)),
            reconnectDelay: settings.reconnectDelay, maxReconnectDelay: settings.maxReconnectDelay))
    }

    deinit { close() }

    /// Runs `statement`; `epoch`, when given, is the connection it must run on (a transaction's).
    func submit(_ statement: Statement, timeout: Duration, epoch: Int?, _ continuation: CheckedContinuation<Answer, any Error>?) {
        nextID &+= 1
        let exclusive = if case .script = statement { true } else { false }
        callers[nextID] = Caller(statement: statement, continuation: continuation)
        perform(machine.submit(.init(id: nextID, exclusive: exclusive, timeout: timeout, epoch: epoch), now: .now))
    }

    func nextDeadline() -> ContinuousClock.Instant? { machine.nextDeadline() }

    /// Once per loop turn: what the turn's callers sent goes out (libpq's buffer flushed), results libpq may
    /// have read while writing are collected (no readable event would announce them), then the timeouts.
    func turn(now: ContinuousClock.Instant) {
        if machine.isReady, !watchingWrites { flush() }
        if machine.isReady, machine.head != nil { collectResults() }
        perform(machine.tick(now: now))
    }

    func shutdown() { perform(machine.shutdown()) }

    /// Drops the connection (a transaction whose state is unknown); the next statement makes a new one.
    func drop() { perform(machine.lost(PostgresError(.connectionLost, "the connection was dropped"), now: .now)) }

    // MARK: Actions

    private func perform(_ actions: [PostgresConnectionMachine.Action]) {
        for action in actions {
            switch action {
            case .connect: connect()
            case .send(let id): send(id)
            case .succeed(let id):
                let result = rows
                rows = []
                callers.removeValue(forKey: id)?.continuation?.resume(returning: Answer(rows: result, epoch: machine.epoch))
            case .fail(let id, let error):
                callers.removeValue(forKey: id)?.continuation?.resume(throwing: error)
            case .close: close()
            }
        }
    }

    private func connect() {
        let made = PostgresLibPQ.startConnecting(url: url, connectTimeoutSeconds: settings.connectTimeoutSeconds,
                                                 applicationName: settings.applicationName)
        guard let made, PQstatus(made) != CONNECTION_BAD else {
            let message = made.map { PostgresLibPQ.message(of: $0) } ?? "out of memory"
            PQfinish(made)
            return perform(machine.connectFailed(PostgresError(.unreachable, message), now: .now))
        }
        handle = made
        watchForConnect(PGRES_POLLING_WRITING)
    }

    /// Watches the socket libpq connects on for what `PQconnectPoll` asked (it may change sockets while it
    /// tries the server's addresses: it closes the old one itself).
    private func watchForConnect(_ status: PostgresPollingStatusType) {
        guard let handle else { return }
        let socket = PQsocket(handle)
        if watched >= 0, watched != socket { loop.unwatch(watched) }
        watched = socket
        loop.watch(socket, events: status == PGRES_POLLING_READING ? EventLoop.readable : EventLoop.writable) { [unowned self] _ in
            advanceConnect()
        }
    }

    private func advanceConnect() {
        guard let handle, case .connecting = machine.phase else { return }
        let status = PQconnectPoll(handle)
        switch status {
        case PGRES_POLLING_OK:
            // libpq prints notices ("relation already exists, skipping") to stderr by default; they are not
            // errors, and a notice may quote data.
            PQsetNoticeReceiver(handle, { _, _ in }, nil)
            guard PQsetnonblocking(handle, 1) == 0, PQenterPipelineMode(handle) == 1 else {
                return perform(machine.connectFailed(PostgresError(.unreachable, PostgresLibPQ.message(of: handle)), now: .now))
            }
            watchReads()
            announcedUp = true
            onReadiness(true)
            perform(machine.connected(now: .now))
        case PGRES_POLLING_READING, PGRES_POLLING_WRITING:
            watchForConnect(status)
        default:
            perform(machine.connectFailed(PostgresError(.unreachable, PostgresLibPQ.message(of: handle)), now: .now))
        }
    }

    private func watchReads() {
        watchingWrites = false
        loop.watch(watched, events: EventLoop.readable | EventLoop.peerClosed) { [unowned self] events in onEvents(events) }
    }

    private func send(_ id: PostgresConnectionMachine.ID) {
        guard let handle, let caller = callers[id] else { return }
        let sent: Bool
        switch caller.statement {
        case .query(let sql, let parameters):
            let copies = parameters.map { $0.map { strdup($0) } ?? nil }
            defer { for copy in copies { free(copy) } }
            sent = copies.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { values in
                    PQsendQueryParams(handle, sql, Int32(values.count), nil, values.baseAddress, nil, nil, 0) == 1
                }
            } && PQpipelineSync(handle) == 1
        case .script(let sql):
            // Nothing is in flight (the machine sends a script alone), so the pipeline can be left.
            while let stale = PQgetResult(handle) { PQclear(stale) }
            sent = PQexitPipelineMode(handle) == 1 && PQsendQuery(handle, sql) == 1
        }
        guard sent else { return lose() }
    }

    /// Hands libpq's buffered output to the socket; watches for writability while some is left.
    private func flush() {
        guard let handle else { return }
        let left = PQflush(handle)
        if left < 0 { return lose() }
        let wantWrites = left == 1
        guard wantWrites != watchingWrites else { return }
        watchingWrites = wantWrites
        loop.watch(watched, events: EventLoop.readable | EventLoop.peerClosed | (wantWrites ? EventLoop.writable : 0)) { [unowned self] events in
            onEvents(events)
        }
    }

    private func onEvents(_ events: UInt32) {
        if events & EventLoop.writable != 0 { flush() }
        guard let handle, events & (EventLoop.readable | EventLoop.peerClosed | EventLoop.hangUp) != 0 else { return }
        guard PQconsumeInput(handle) == 1 else { return lose() }
        collectResults()
        deliverNotifications()
        if let current = self.handle, PQstatus(current) != CONNECTION_OK { lose() }
    }

    /// Reads every result that has arrived, completing commands in order: a pipelined statement at its sync, a
    /// script at its end.
    private func collectResults() {
        var nulls = 0  // two in a row mean libpq has nothing more now, whatever the machine awaits
        while let handle, let head = machine.head, PQisBusy(handle) == 0, nulls < 2 {
            guard let result = PQgetResult(handle) else {
                nulls += 1
                if head.exclusive { finishScript(handle) }
                continue
            }
            nulls = 0
            let status = PQresultStatus(result)
            switch status {
            case PGRES_TUPLES_OK, PGRES_SINGLE_TUPLE: rows = PostgresLibPQ.rows(of: result)
            case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY: rows = []
            case PGRES_PIPELINE_SYNC: break
            case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
                PQclear(result)
                return perform(machine.lost(PostgresError(.invalidArgument, "COPY is not supported"), now: .now))
            default: failure = failure ?? PostgresLibPQ.error(of: result)
            }
            PQclear(result)
            if status == PGRES_PIPELINE_SYNC { complete() }
        }
    }

    /// Hands over each notification received so far (freed either way: none piles up in libpq).
    private func deliverNotifications() {
        while let handle, let notification = PQnotifies(handle) {
            notifications?(String(cString: notification.pointee.relname), String(cString: notification.pointee.extra))
            PQfreemem(notification)
        }
    }

    /// A script's results have ended: back into pipeline mode, and its caller is answered.
    private func finishScript(_ handle: OpaquePointer) {
        guard PQenterPipelineMode(handle) == 1 else { return lose() }
        complete()
        flush()
    }

    private func complete() {
        let error = failure
        failure = nil
        if error != nil { rows = [] }
        perform(machine.completed(error, now: .now))
    }

    /// The connection broke: libpq's message, as `.connectionLost`.
    private func lose() {
        let message = handle.map { PostgresLibPQ.message(of: $0) } ?? ""
        perform(machine.lost(PostgresError(.connectionLost, message.isEmpty ? "the connection was lost" : message), now: .now))
    }

    private func close() {
        if watched >= 0 {
            loop.unwatch(watched)
            watched = -1
        }
        PQfinish(handle)
        if announcedUp { onReadiness(false) }
        announcedUp = false
        handle = nil
        watchingWrites = false
        (rows, failure) = ([], nil)
    }
}
