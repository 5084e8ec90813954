/// A piece of background work with one lifecycle, so that whoever starts a gateway can also stop all of
/// it, in order, and know when it has stopped.
///
/// The work of a service outlives any request: a loop on a thread of its own (epoll, curl, SQLite
/// checkpoints), a loop on a clock (stream pings and deadlines), a child process. Before this protocol
/// each kind had its own start and stop, and some never stopped; now each is run and shut down the same
/// way, usually by a `ServiceGroup`.
public protocol Service: Sendable {
    /// Names the service in logs and in its group's failure reports.
    var name: String { get }

    /// Does the work until `shutdown()` is called or the calling task is cancelled, and returns only once
    /// the work has really stopped (its thread ended, its loop exited, its child reaped), so that what the
    /// work used may be released after it. Throws when the work cannot go on: it could not start, or it
    /// died and could not recover.
    func run() async throws

    /// Asks the work to stop and returns at once; await `run()` for the end. Idempotent, callable from any
    /// thread, and before `run()` too (which then returns promptly).
    func shutdown()
}
