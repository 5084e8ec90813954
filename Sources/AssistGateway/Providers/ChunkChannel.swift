import Synchronization

/// One provider call's chunks on their way from the producer (a transfer, on its event loop) to the one task
/// reading them: `AsyncThrowingStream<ProviderChunk, any Error>`'s contract, for this one element type.
///
/// Why not `AsyncThrowingStream`: its storage is generic code the standard library does not specialise, so every
/// chunk yielded and every `next()` looked up type metadata at run time (about a tenth of the gateway's CPU per
/// relayed token, issue 32). Here every type is concrete.
///
/// The contract, as `AsyncThrowingStream`'s:
/// - `yield` hands a chunk to the waiting reader, or buffers it (unbounded: the producer's own flow control,
///   `ProviderStream`'s `consumed`, bounds it); after the end or the reader's going it drops the chunk;
/// - `finish(throwing:)` ends the channel after what is buffered; the first end wins;
/// - the reader's `next()` hands out what is buffered, then throws the end's error once, then returns nil; it
///   returns nil at once when its task is cancelled;
/// - the reader going, by its task's cancellation or by the last `ProviderStream` holding it being released before
///   the end, calls `onCancel` once, so the provider call is cancelled: no tokens are paid for nobody.
public final class ChunkChannel: Sendable {
    private struct State {
        var buffer: [ProviderChunk] = []
        var head = 0
        var waiter: UnsafeContinuation<ProviderChunk?, any Error>?
        var ended = false
        /// The end's error, until the reader has been given it.
        var failure: (any Error)?
        /// The reader went before the end.
        var cancelled = false
        var onCancel: (@Sendable () -> Void)?

        /// What the reader gets now, or nil when it must wait.
        mutating func take() -> Result<ProviderChunk?, any Error>? {
            if head < buffer.count {
                let chunk = buffer[head]
                head += 1
                if head == buffer.count {
                    buffer.removeAll(keepingCapacity: true)
                    head = 0
                }
                return .success(chunk)
            }
            if let error = failure {
                failure = nil
                return .failure(error)
            }
            return ended || cancelled ? .success(nil) : nil
        }
    }

    private let state = Mutex(State())

    public init() {}

    /// Called once if the reader goes before the end (set before the producer starts).
    public func onCancel(_ action: @escaping @Sendable () -> Void) {
        state.withLock { $0.onCancel = action }
    }

    /// Hands `chunk` to the reader. Returns false when it was dropped: the channel had ended or its reader gone.
    @discardableResult
    public func yield(_ chunk: ProviderChunk) -> Bool {
        let (accepted, waiter) = state.withLock { state -> (Bool, UnsafeContinuation<ProviderChunk?, any Error>?) in
            guard !state.ended, !state.cancelled else { return (false, nil) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (true, waiter)
            }
            state.buffer.append(chunk)
            return (true, nil)
        }
        waiter?.resume(returning: chunk)
        return accepted
    }

    /// Ends the channel after what is buffered, with `error` if given. Idempotent: the first end wins.
    public func finish(throwing error: (any Error)? = nil) {
        let (waiter, outcome) = state.withLock { state -> (UnsafeContinuation<ProviderChunk?, any Error>?, Result<ProviderChunk?, any Error>?) in
            guard !state.ended, !state.cancelled else { return (nil, nil) }
            state.ended = true
            state.failure = error
            state.onCancel = nil
            guard let waiter = state.waiter else { return (nil, nil) }
            state.waiter = nil
            return (waiter, state.take())
        }
        if let waiter, let outcome { waiter.resume(with: outcome) }
    }

    /// The next chunk, nil at the end or once the reading task is cancelled; throws the end's error.
    nonisolated(nonsending) func next() async throws -> ProviderChunk? {
        if let ready = state.withLock({ $0.take() }) { return try ready.get() }
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation(isolation: #isolation) { (waiter: UnsafeContinuation<ProviderChunk?, any Error>) in
                let ready = state.withLock { state -> Result<ProviderChunk?, any Error>? in
                    if let ready = state.take() { return ready }
                    state.waiter = waiter
                    return nil
                }
                if let ready { waiter.resume(with: ready) }
            }
        } onCancel: {
            readerGone()
        }
    }

    /// The reader went (its task cancelled, or released before the end): a waiting `next()` returns nil, what is
    /// buffered is dropped, and `onCancel` runs, once, unless the channel had ended.
    func readerGone() {
        let (waiter, onCancel) = state.withLock { state -> (UnsafeContinuation<ProviderChunk?, any Error>?, (@Sendable () -> Void)?) in
            guard !state.ended, !state.cancelled else { return (nil, nil) }
            state.cancelled = true
            state.buffer = []
            state.head = 0
            defer { (state.waiter, state.onCancel) = (nil, nil) }
            return (state.waiter, state.onCancel)
        }
        waiter?.resume(returning: nil)
        onCancel?()
    }

    /// The reading side, shared by a `ProviderStream` and its iterator: released by both before the end, it
    /// cancels the call (as `AsyncThrowingStream` does when its last reference goes).
    final class Reader: Sendable {
        let channel: ChunkChannel
        init(_ channel: ChunkChannel) { self.channel = channel }
        deinit { channel.readerGone() }
    }
}
