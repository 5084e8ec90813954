import AssistHTTP
import Synchronization

/// The server's side of a streaming response body (`ResponseBodyWriter`), with a bounded buffer.
///
/// The producer calls `write` from any task; the connection's loop drains the buffer (`read`) while the
/// socket takes bytes. When the buffer is empty the reader waits (`suspend`) and the next `write` wakes it
/// (`resumeConnection`). When the buffer holds more than `highWaterBytes`, `write` waits
/// until the reader has drained it: a slow client slows the producer instead of growing memory.
/// Once the client is gone, or the body has been finished, every `write` throws `ClientGone`.
///
/// It also keeps what `ReadPace` judges a client by: the bytes the reader has taken, and since when bytes
/// have been waiting in the buffer without a break.
final class StreamingBody: ResponseBodyWriter {
    private struct State {
        var buffer: [UInt8] = []
        var readOffset = 0
        var finished = false
        var clientGone = false
        var stalled = false
        var readerSuspended = false
        var spaceWaiters: [CheckedContinuation<Void, any Error>] = []
        var pending: Int { buffer.count - readOffset }
        /// Bytes the server's reader has taken since the body began.
        var taken = 0
        /// Since when bytes have waited in the buffer without a break, and how many had been taken then.
        var waiting: (since: ContinuousClock.Instant, takenThen: Int)?
        var pace: ReadPace?

        /// Appends bytes for the reader; the buffer going from empty to not starts a run of waiting.
        mutating func append(_ bytes: [UInt8]) {
            if pending == 0, !bytes.isEmpty { waiting = (ContinuousClock.now, taken) }
            buffer.append(contentsOf: bytes)
        }
    }

    /// What the server's reader should do next.
    enum ReadResult: Equatable {
        case bytes(Int)
        /// Nothing buffered: the connection was suspended and will be resumed by the next write.
        case suspended
        case endOfStream
        case clientGone
    }

    let highWaterBytes: Int
    private let state: Mutex<State>
    /// Resumes the suspended connection. Called with the writer's lock held so a suspend and a resume
    /// can never cross (see `read`).
    private let resumeConnection: @Sendable () -> Void

    /// - Parameter pace: how the client's reading is judged (`checkPace`); nil never judges it stalled.
    init(highWaterBytes: Int, pace: ReadPace? = nil, resumeConnection: @escaping @Sendable () -> Void) {
        self.highWaterBytes = highWaterBytes
        self.resumeConnection = resumeConnection
        state = Mutex(State(pace: pace))
    }

    var isClientGone: Bool { state.withLock { $0.clientGone } }
    var isClientStalled: Bool { state.withLock { $0.stalled } }

    /// Whether the client has stalled by `ReadPace`'s rule at `now` (for the periodic check).
    func checkPace(at now: ContinuousClock.Instant) -> Bool {
        state.withLock { state in
            guard !state.clientGone else { return false }
            let (taken, waiting) = (state.taken, state.waiting)
            return state.pace?.check(at: now, taken: taken, waiting: waiting) ?? false
        }
    }

    /// Appends `bytes` as one unit (events are never interleaved), waiting first while the buffer is full.
    nonisolated(nonsending) func write(_ bytes: [UInt8]) async throws {
        while true {
            let needsSpace: Bool = try state.withLock { state in
                // After the end (or the client) there is nowhere for bytes to go: the write fails, the server stays up.
                if state.clientGone || state.finished { throw ClientGone() }
                if state.pending >= highWaterBytes { return true }
                state.append(bytes)
                wakeReader(&state)
                return false
            }
            guard needsSpace else { return }
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                state.withLock { state in
                    if state.clientGone {
                        continuation.resume(throwing: ClientGone())
                    } else if state.pending < highWaterBytes {
                        continuation.resume()
                    } else {
                        state.spaceWaiters.append(continuation)
                    }
                }
            }
        }
    }

    /// Appends `bytes` only if the buffer has room right now; never waits. For writes that may simply be
    /// skipped when the client is slow (keep-alive pings: data is already waiting for it).
    @discardableResult
    func tryWrite(_ bytes: [UInt8]) -> Bool {
        state.withLock { state in
            guard !state.clientGone, !state.finished, state.pending < highWaterBytes else { return false }
            state.append(bytes)
            wakeReader(&state)
            return true
        }
    }

    /// Ends the body. Idempotent; bytes already written are still delivered.
    func finish() {
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            wakeReader(&state)
        }
    }

    private func wakeReader(_ state: inout State) {
        if state.readerSuspended {
            state.readerSuspended = false
            resumeConnection()
        }
    }

    /// Called by the connection's loop. `suspend` notes that the reader waits; it runs under the lock so a
    /// concurrent `write` cannot wake the reader before it waits.
    func read(into destination: UnsafeMutableRawBufferPointer, suspend: () -> Void) -> ReadResult {
        var waiters: [CheckedContinuation<Void, any Error>] = []
        let result: ReadResult = state.withLock { state in
            if state.clientGone { return .clientGone }
            if state.pending == 0 {
                if state.finished { return .endOfStream }
                state.readerSuspended = true
                suspend()
                return .suspended
            }
            let count = min(destination.count, state.pending)
            state.buffer.withUnsafeBytes { source in
                destination.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[state.readOffset..<state.readOffset + count]))
            }
            state.readOffset += count
            state.taken += count
            if state.readOffset == state.buffer.count {
                state.waiting = nil
                state.buffer.removeAll(keepingCapacity: state.buffer.capacity <= 4096)
                state.readOffset = 0
            } else if state.readOffset > 4096 {
                state.buffer.removeFirst(state.readOffset)
                state.readOffset = 0
            }
            if state.pending < highWaterBytes {
                waiters = state.spaceWaiters
                state.spaceWaiters = []
            }
            return .bytes(count)
        }
        for waiter in waiters { waiter.resume() }
        return result
    }

    /// The server is about to end the response because its client stopped reading: whichever way the end
    /// then comes (`clientDisconnected` from the stall, the watcher or the completion), it says so.
    func markStalled() { state.withLock { if !$0.clientGone { $0.stalled = true } } }

    /// The client left: fail pending and future writes; resume the connection so the server can close it.
    func clientDisconnected() {
        let waiters: [CheckedContinuation<Void, any Error>] = state.withLock { state in
            guard !state.clientGone else { return [] }
            state.clientGone = true
            state.waiting = nil
            state.buffer = []
            state.readOffset = 0
            wakeReader(&state)
            defer { state.spaceWaiters = [] }
            return state.spaceWaiters
        }
        for waiter in waiters { waiter.resume(throwing: ClientGone()) }
    }
}
