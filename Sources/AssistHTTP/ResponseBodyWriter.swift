/// The producer side of a streaming response body, as a server shell offers it to a responder.
///
/// Contract, whatever the shell:
/// - `write` appends its bytes as one unit (events are never interleaved) and waits while the shell's
///   buffer is full, so a slow client slows the producer instead of growing memory;
/// - once the client is gone, or the body has been finished, every `write` throws `ClientGone`;
/// - `tryWrite` never waits: it appends only if there is room now (for what may be skipped, like pings);
/// - `finish` ends the body, idempotently; bytes already written are still delivered.
public protocol ResponseBodyWriter: Sendable {
    nonisolated(nonsending) func write(_ bytes: [UInt8]) async throws
    @discardableResult func tryWrite(_ bytes: [UInt8]) -> Bool
    func finish()
    /// Whether the client has left (an error event would have no reader).
    var isClientGone: Bool { get }
    /// Whether the shell ended the response because its client stopped reading (it read fewer bytes a
    /// second than the shell's minimum, over its window, while bytes were waiting for it), rather than
    /// because the client left. Implies `isClientGone`.
    var isClientStalled: Bool { get }
}

extension ResponseBodyWriter {
    /// A shell that does not measure how its clients read never ends a response for it.
    public var isClientStalled: Bool { false }
}

/// Thrown by `ResponseBodyWriter.write` when the bytes have nowhere to go.
public struct ClientGone: Error, Sendable {
    public init() {}
}
