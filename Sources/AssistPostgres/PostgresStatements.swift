import AssistEventLoop

/// Statements run by work given to `PostgresClient.perform`, inside its batch's transaction.
///
/// Valid only inside that closure: it is not `Sendable`, so it cannot escape to another task; each statement
/// runs on the connection the transaction began on, and fails `.connectionLost` unsent if that connection is
/// gone (running it elsewhere would run it outside its transaction). Errors are `PostgresError`s; rethrow them,
/// since a caught error leaves the transaction aborted (the client rolls the work back to its savepoint when
/// the closure throws).
public struct PostgresStatements {
    let link: PostgresLoopLink
    /// The connection the transaction began on, nil for a statement that begins one.
    let epoch: Int?
    let timeout: Duration

    /// Runs one statement with `$1`, `$2`… bound to `parameters` and returns its rows.
    @discardableResult
    public func query(_ sql: String, _ parameters: [PostgresValue] = []) async throws(PostgresError) -> [PostgresRow] {
        try await query(sql, parameters, timeout: timeout)
    }

    /// `query` with a timeout of its own.
    @discardableResult
    public func query(_ sql: String, _ parameters: [PostgresValue], timeout: Duration) async throws(PostgresError) -> [PostgresRow] {
        let rendered = parameters.map(\.rendered)
        if rendered.contains(where: { $0?.utf8.contains(0) ?? false }) {
            throw PostgresError(.invalidArgument, "a text parameter holds NUL, which PostgreSQL's text cannot store")
        }
        return try await run(.query(sql, rendered), timeout: timeout).rows
    }

    /// Runs SQL without parameters, several statements allowed (a migration), with its own timeout when the
    /// client's statement timeout is too short for it (building an index, waiting for a lock).
    public func execute(_ sql: String, timeout: Duration? = nil) async throws(PostgresError) {
        _ = try await run(.script(sql), timeout: timeout ?? self.timeout)
    }

    /// Sends one statement without parameters and without waiting for its result (a savepoint): pipelined
    /// ahead of the next statement, which shows any error it met (the transaction is then aborted).
    func send(_ sql: String) {
        let (link, epoch, timeout) = (link, epoch, timeout)
        // Dropped once the loop has ended: the next awaited statement says so.
        _ = link.loop.onLoop { link.connection().submit(.query(sql, []), timeout: timeout, epoch: epoch, nil) }
    }

    /// One statement, and the connection it ran on.
    func run(_ statement: PostgresLoopConnection.Statement, timeout: Duration) async throws(PostgresError) -> PostgresLoopConnection.Answer {
        let (link, epoch) = (link, epoch)
        do {
            return try await withCheckedThrowingContinuation { continuation in
                if !link.loop.onLoop({ link.connection().submit(statement, timeout: timeout, epoch: epoch, continuation) }) {
                    continuation.resume(throwing: PostgresError(.shutDown, "the event loop has ended"))
                }
            }
        } catch let error as PostgresError {
            throw error
        } catch {
            throw PostgresError(.connectionLost, "\(error)")
        }
    }
}
