/// Where a request's deadlines are kept: a stream's pings, its first-token and idle timeouts, a structured
/// answer's deadlines.
///
/// Under a server, the event loop that runs the request keeps them (`LoopTimers`, in `AssistEventLoop`) in one
/// queue beside the server's own deadlines, on the request's own thread, with no task and no thread per
/// deadline. Off a loop (a tool, an in-process test on a manual clock) `SleepingTimers` keeps them on any
/// `Clock`.
public protocol DeadlineTimers: Sendable {
    /// Calls `fire` once, `delay` from now on these timers' clock, unless `cancel()` on the returned timer
    /// comes first. `fire` runs on the timers' own thread or task and must not block: it decides and hands on
    /// (a ping written without waiting, a provider call cancelled).
    func schedule(after delay: Duration, _ fire: @escaping @Sendable () -> Void) -> ScheduledTimer
}

/// The timers of the event loop that runs the current request, bound by the server around the request's
/// tasks (its responder and its stream's producer); nil off a server.
///
/// A task-local, as the loop belongs to the request's tasks rather than to any one call: whatever the
/// gateway schedules while answering lands on the loop that serves the client.
public enum RequestTimers {
    @TaskLocal public static var current: (any DeadlineTimers)?
}
