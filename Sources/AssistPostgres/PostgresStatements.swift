/// Statements run by work given to `PostgresClient.perform`, inside its batch's transaction.
///
/// Valid only inside that closure, which runs on the client's thread: it is not `Sendable`, so it cannot
/// escape to another task. Errors are `PostgresError`s; rethrow them, since a caught error leaves the
/// transaction aborted (the client rolls the work back to its savepoint when the closure throws).
public struct PostgresStatements {
    let connection: PostgresConnection
    let timeout: Duration

    init(_ connection: PostgresConnection, timeout: Duration) {
        self.connection = connection
        self.timeout = timeout
    }

    /// Runs one statement with `$1`, `$2`… bound to `parameters` and returns its rows.
    @discardableResult
    public func query(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> [PostgresRow] {
        try connection.query(sql, parameters, timeout: timeout)
    }

    /// Runs SQL without parameters, several statements allowed (a migration), with its own timeout when the
    /// client's statement timeout is too short for it (building an index, waiting for a lock).
    public func execute(_ sql: String, timeout: Duration? = nil) throws(PostgresError) {
        try connection.execute(sql, timeout: timeout ?? self.timeout)
    }

    /// `query` with a timeout of its own.
    @discardableResult
    public func query(_ sql: String, _ parameters: [PostgresValue], timeout: Duration) throws(PostgresError) -> [PostgresRow] {
        try connection.query(sql, parameters, timeout: timeout)
    }
}
