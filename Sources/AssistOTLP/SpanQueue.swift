import AssistTelemetry
import Dispatch
import Synchronization

/// The spans waiting for the export thread: a bounded queue that producers append to without ever waiting for
/// the thread, and that the thread takes batches from.
///
/// `append` holds the lock for one array append and, at most once per batch, signals a semaphore (a futex wake):
/// it never waits on the export, whatever the collector does. A full queue refuses the span, and the caller
/// counts it as dropped. The thread waits on the semaphore with a deadline (the scheduled delay), so it wakes for
/// a full batch, for shutdown, or when the oldest spans have waited long enough.
final class SpanQueue: Sendable {
    private struct State {
        var spans: [SpanData] = []
        /// A full batch is waiting and the thread has been signalled: later appends need not signal again.
        var signalled = false
        /// `shutdown()` was called: no more appends; the thread sends what is left until `deadline`.
        var closed = false
        var deadline: ContinuousClock.Instant?
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    let capacity: Int
    let batchSize: Int

    init(capacity: Int, batchSize: Int) {
        self.capacity = capacity
        self.batchSize = batchSize
    }

    /// Queues `span`; false when the queue is full or closed (the caller drops and counts it).
    func append(_ span: SpanData) -> Bool {
        let (accepted, signal) = state.withLock { state -> (Bool, Bool) in
            guard !state.closed, state.spans.count < capacity else { return (false, false) }
            state.spans.append(span)
            guard state.spans.count >= batchSize, !state.signalled else { return (true, false) }
            state.signalled = true
            return (true, true)
        }
        if signal { wake.signal() }
        return accepted
    }

    /// Spans waiting now.
    var count: Int { state.withLock { $0.spans.count } }

    /// Refuses appends from now on and gives the thread until `deadline` to send what is queued; wakes it.
    /// Returns false when the queue was already closed.
    func close(deadline: ContinuousClock.Instant) -> Bool {
        let first = state.withLock { state in
            defer { state.closed = true }
            if !state.closed { state.deadline = deadline }
            return !state.closed
        }
        if first { wake.signal() }
        return first
    }

    /// When the queue was closed, the instant by which the thread must be done.
    var deadline: ContinuousClock.Instant? { state.withLock { $0.deadline } }

    /// What the thread does next.
    enum Next {
        /// Send these spans.
        case send([SpanData])
        /// The queue is closed and empty, or closed and past its deadline with `left` spans unsent: stop.
        case stop(left: Int)
    }

    /// Waits until a full batch is queued, the queue is closed, or `delay` has passed since the call, then takes up
    /// to a batch. An empty wait while open just waits again.
    func next(delay: Duration) -> Next {
        let until = ContinuousClock.now.advanced(by: delay)
        while true {
            let taken = state.withLock { state -> Next? in
                if state.closed, let deadline = state.deadline, ContinuousClock.now >= deadline {
                    defer { state.spans = [] }
                    return .stop(left: state.spans.count)
                }
                let due = state.closed || state.spans.count >= batchSize || ContinuousClock.now >= until
                guard due else { return nil }
                if state.spans.isEmpty { return state.closed ? .stop(left: 0) : nil }
                let batch = Array(state.spans.prefix(batchSize))
                state.spans.removeFirst(batch.count)
                state.signalled = false
                return .send(batch)
            }
            if let taken { return taken }
            let now = ContinuousClock.now
            // Nothing due: wait for a signal or the delay (again, when the delay passed with the queue empty).
            let wait = now < until ? until - now : delay
            _ = wake.wait(timeout: .now() + .nanoseconds(wait.clampedNanoseconds))
        }
    }
}
