/// Why a Redis command did not give a reply.
///
/// Every way a command can fail ends in one of these, promptly: the caller (admission) turns any of them
/// into a 503. `kind` says whether the command may have run, which matters for the non-idempotent ones
/// (a quota reservation): only after `.connectionLost` or `.server` can it have had an effect.
public struct RedisError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No connection could be made (refused, timed out, login refused); the command was not sent.
        case unavailable
        /// The connection broke or timed out while the command was sent or its reply read: it may have run.
        case connectionLost
        /// The command waited for its turn past its deadline, or the queue was full: it was not sent.
        case busy
        /// The client was shut down: the command was not sent.
        case shutDown
        /// Redis answered with an error reply (`message` is its text, such as `NOSCRIPT …` or `WRONGTYPE …`).
        case server
        /// A reply did not have the shape the caller expected.
        case unexpectedReply
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// An `EVALSHA` whose script is not in the server's cache (flushed, or the server restarted empty).
    public var isNoScript: Bool { kind == .server && message.hasPrefix("NOSCRIPT") }

    public var description: String { "redis \(kind): \(message)" }
}
