import CLibPQ
import Foundation

/// One libpq connection, used by one thread only (a `PostgresClient`'s or a `PostgresListener`'s): it is
/// deliberately not `Sendable`, and every call on it blocks that thread, never the cooperative pool.
///
/// Statements run through libpq's asynchronous interface in non-blocking mode, waiting in `poll` with a
/// deadline, so a server that stops answering costs at most a statement's timeout, after which the
/// connection is closed (`isBroken`) and the owner makes a new one.
final class PostgresConnection {
    private(set) var handle: OpaquePointer?

    /// Connects to `url` (`postgres://user[:password]@host:port/db?options`; libpq also reads `PGPASSWORD`).
    /// Options the URL leaves out get these defaults: connect within `connectTimeoutSeconds` (libpq's floor is
    /// 2), UTF-8, and TCP keepalives that notice a vanished server within about 20 s even when idle.
    init(url: String, connectTimeoutSeconds: Int, applicationName: String) throws(PostgresError) {
        // Earlier entries are defaults: the URL, expanded in place of `dbname`, overrides them.
        let settings: [(String, String)] = [
            ("connect_timeout", String(max(2, connectTimeoutSeconds))), ("application_name", applicationName),
            ("client_encoding", "UTF8"), ("keepalives", "1"), ("keepalives_idle", "10"), ("keepalives_interval", "3"),
            ("keepalives_count", "3"), ("dbname", url),
        ]
        let keywords = settings.map { strdup($0.0) } + [nil]
        let values = settings.map { strdup($0.1) } + [nil]
        defer { for pointer in keywords + values { free(pointer) } }
        let handle = keywords.withUnsafeBufferPointer { keywords in
            values.withUnsafeBufferPointer { values in
                keywords.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: keywords.count) { k in
                    values.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: values.count) { v in
                        PQconnectdbParams(k, v, 1)
                    }
                }
            }
        }
        guard let handle, PQstatus(handle) == CONNECTION_OK else {
            let message = handle.map { Self.message(of: $0) } ?? "out of memory"
            PQfinish(handle)
            throw PostgresError(.unreachable, message)
        }
        // libpq prints notices ("relation already exists, skipping", the server's goodbye when it shuts down)
        // to stderr by default; they are not errors, and a notice may quote data. Errors are thrown instead.
        PQsetNoticeReceiver(handle, { _, _ in }, nil)
        guard PQsetnonblocking(handle, 1) == 0 else {
            let message = Self.message(of: handle)
            PQfinish(handle)
            throw PostgresError(.unreachable, message)
        }
        self.handle = handle
    }

    deinit { close() }

    /// Closes the connection; it is broken from then on.
    func close() {
        PQfinish(handle)
        handle = nil
    }

    var isBroken: Bool { handle.map { PQstatus($0) != CONNECTION_OK } ?? true }

    /// The socket, for a listener's `poll`.
    var socket: Int32 { handle.map { PQsocket($0) } ?? -1 }

    /// Runs one statement with `$1`… parameters in text format and returns the rows of its result.
    func query(_ sql: String, _ parameters: [PostgresValue], timeout: Duration) throws(PostgresError) -> [PostgresRow] {
        guard let handle, !isBroken else { throw PostgresError(.connectionLost, "the connection is closed") }
        let rendered = parameters.map(\.rendered)
        if rendered.contains(where: { $0?.utf8.contains(0) ?? false }) {
            throw PostgresError(.invalidArgument, "a text parameter holds NUL, which PostgreSQL's text cannot store")
        }
        let copies = rendered.map { $0.map { strdup($0) } ?? nil }
        defer { for copy in copies { free(copy) } }
        let sent = copies.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { values in
                PQsendQueryParams(handle, sql, Int32(values.count), nil, values.baseAddress, nil, nil, 0)
            }
        }
        guard sent == 1 else { throw lost() }
        return try collect(deadline: .now + timeout)
    }

    /// Runs SQL without parameters; several statements allowed (a migration's script). Returns the last rows.
    @discardableResult
    func execute(_ sql: String, timeout: Duration) throws(PostgresError) -> [PostgresRow] {
        guard let handle, !isBroken else { throw PostgresError(.connectionLost, "the connection is closed") }
        guard PQsendQuery(handle, sql) == 1 else { throw lost() }
        return try collect(deadline: .now + timeout)
    }

    /// Reads input that has arrived without waiting, then hands over each notification received so far.
    /// False when the connection is lost.
    func consumeNotifications(_ deliver: (_ channel: String, _ payload: String) -> Void) -> Bool {
        guard let handle, PQconsumeInput(handle) == 1 else { return false }
        while let notification = PQnotifies(handle) {
            deliver(String(cString: notification.pointee.relname), String(cString: notification.pointee.extra))
            PQfreemem(notification)
        }
        return !isBroken
    }

    /// Sends what is queued and reads every result of the statement sent last, all before `deadline`.
    private func collect(deadline: ContinuousClock.Instant) throws(PostgresError) -> [PostgresRow] {
        guard let handle else { throw PostgresError(.connectionLost, "the connection is closed") }
        // Non-blocking mode: the query may still sit in libpq's buffer.
        while true {
            let flushed = PQflush(handle)
            if flushed == 0 { break }
            if flushed < 0 { throw lost() }
            try wait(for: Int16(POLLIN | POLLOUT), until: deadline)
            if PQconsumeInput(handle) == 0 { throw lost() }
        }
        var rows: [PostgresRow] = []
        var failure: PostgresError?
        while true {
            while PQisBusy(handle) == 1 {
                try wait(for: Int16(POLLIN), until: deadline)
                if PQconsumeInput(handle) == 0 { throw lost() }
            }
            guard let result = PQgetResult(handle) else { break }
            defer { PQclear(result) }
            switch PQresultStatus(result) {
            case PGRES_TUPLES_OK, PGRES_SINGLE_TUPLE:
                rows = Self.rows(of: result)
            case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
                rows = []
            case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
                close()  // the server now waits for a copy we will not send
                throw PostgresError(.invalidArgument, "COPY is not supported")
            default:
                if isBroken { throw lost() }
                failure = failure ?? Self.error(of: result)
            }
        }
        if isBroken { throw lost() }
        if let failure { throw failure }
        return rows
    }

    /// Waits until the socket is ready for `events`; past `deadline` the connection is closed and the
    /// statement is `timedOut` (its outcome unknown to us; the server ends it when it notices).
    private func wait(for events: Int16, until deadline: ContinuousClock.Instant) throws(PostgresError) {
        let remaining = deadline - .now
        let milliseconds = remaining <= .zero ? 0 : Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
        var descriptor = pollfd(fd: socket, events: events, revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready > 0 { return }
        if ready < 0 && errno == EINTR { return }
        close()
        throw PostgresError(.timedOut, "no answer from the server within the statement timeout")
    }

    private func lost() -> PostgresError {
        let message = handle.map { Self.message(of: $0) } ?? "the connection is closed"
        close()
        return PostgresError(.connectionLost, message.isEmpty ? "the connection was lost" : message)
    }

    private static func rows(of result: OpaquePointer) -> [PostgresRow] {
        let (count, columns) = (PQntuples(result), PQnfields(result))
        var rows: [PostgresRow] = []
        rows.reserveCapacity(Int(count))
        for row in 0..<count {
            rows.append(PostgresRow((0..<columns).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            }))
        }
        return rows
    }

    private static func error(of result: OpaquePointer) -> PostgresError {
        let state = assist_pq_sqlstate(result).map { String(cString: $0) }
        let message = assist_pq_primary_message(result).map { String(cString: $0) } ?? String(cString: PQresultErrorMessage(result))
        return PostgresError(.server, message.trimmingCharacters(in: .whitespacesAndNewlines), sqlState: state)
    }

    private static func message(of handle: OpaquePointer) -> String {
        String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
