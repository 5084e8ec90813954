/// Why a PostgreSQL call failed, in terms a caller can act on: retry later (`unreachable`, `connectionLost`,
/// `timedOut`, `busy`), or not (`server` with its SQLSTATE, `invalidArgument`, `shutDown`).
///
/// Messages never hold a password (libpq's do not, and the client never prints its URL unredacted) nor the
/// values of a row: a server error keeps only its primary message, without the DETAIL that may quote them.
public struct PostgresError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// No connection could be made, or the client is backing off after failing to make one.
        case unreachable
        /// The connection broke while the work ran: whether it was committed is unknown.
        case connectionLost
        /// A statement ran past its timeout; the connection was dropped (the next work reconnects).
        case timedOut
        /// The queue was full, or the work waited past its deadline for its turn. It did not run.
        case busy
        /// PostgreSQL refused a statement; `sqlState` says why ("23505" unique violation, "40P01" deadlock).
        case server
        /// The work could not be sent as asked (a text parameter holding NUL, which text format cannot carry).
        case invalidArgument
        /// The client or listener was shut down before the work ran.
        case shutDown
    }

    public let kind: Kind
    /// The five-character SQLSTATE of a `server` error.
    public let sqlState: String?
    public let message: String

    public init(_ kind: Kind, _ message: String, sqlState: String? = nil) {
        self.kind = kind
        self.message = message
        self.sqlState = sqlState
    }

    public var description: String {
        "PostgreSQL \(kind.rawValue)\(sqlState.map { " (\($0))" } ?? ""): \(message)"
    }

    /// A serialization failure or a deadlock (SQLSTATE class 40): the statement lost a race and running the
    /// same work again may succeed.
    var isRetryable: Bool { kind == .server && (sqlState?.hasPrefix("40") ?? false) }
}
