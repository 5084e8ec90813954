/// Timers on any `Clock`: each scheduled call is a task that sleeps until its deadline, and is cancelled with
/// the call.
///
/// For deadlines kept off an event loop: a tool, a gateway answering in process, and the tests that drive a
/// gateway's deadlines on a manual clock (each deadline is a sleeper on that clock as soon as it is set, so
/// a test can wait for it before moving time on). Under a server, `LoopTimers` keeps them instead, with no
/// task per deadline.
public struct SleepingTimers<C: Clock>: DeadlineTimers where C.Duration == Duration {
    private let clock: C

    public init(clock: C) { self.clock = clock }

    public func schedule(after delay: Duration, _ fire: @escaping @Sendable () -> Void) -> ScheduledTimer {
        let timer = ScheduledTimer(fire)
        let deadline = clock.now.advanced(by: delay)
        let sleeper = Task { [clock] in
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            timer.fire()
        }
        timer.whenCancelled { sleeper.cancel() }
        return timer
    }
}
