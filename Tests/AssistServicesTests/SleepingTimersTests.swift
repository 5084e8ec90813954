import AssistServices
import Synchronization
import Testing

/// Timers on a clock, and the one-shot call they hold. The clock here is the system's with short delays: what is
/// checked is order and exactly-once, never how late a call came.
@Suite("Sleeping timers and scheduled calls")
struct SleepingTimersTests {
    final class Calls: Sendable {
        let fired = Mutex<[Int]>([])
        func record(_ index: Int) { fired.withLock { $0.append(index) } }
        var all: [Int] { fired.withLock { $0 } }
    }

    @Test("a call fires once, after its delay; a cancelled one never does")
    func firesOnceUnlessCancelled() async throws {
        let timers = SleepingTimers(clock: ContinuousClock())
        let calls = Calls()
        let kept = timers.schedule(after: .milliseconds(5)) { calls.record(1) }
        let dropped = timers.schedule(after: .milliseconds(5)) { calls.record(2) }
        #expect(dropped.cancel())
        #expect(!dropped.cancel())  // once only
        while kept.isPending { try await Task.sleep(for: .milliseconds(1)) }
        try await Task.sleep(for: .milliseconds(20))
        #expect(calls.all == [1])
        #expect(!kept.cancel())  // it ran: nothing to cancel
        kept.fire()  // a second fire runs nothing
        #expect(calls.all == [1])
    }

    @Test("cancelling releases what the call captured at once")
    func cancellingReleasesTheCall() {
        final class Held: Sendable {}
        weak var weakHeld: Held?
        let timer: ScheduledTimer
        do {
            let held = Held()
            weakHeld = held
            timer = ScheduledTimer { _ = held }
        }
        #expect(weakHeld != nil)
        timer.cancel()
        #expect(weakHeld == nil)
    }

    @Test("what the timers do on cancel runs once, at once if the call is no longer pending")
    func whenCancelled() {
        let calls = Calls()
        let timer = ScheduledTimer {}
        timer.whenCancelled { calls.record(1) }
        timer.cancel()
        timer.cancel()
        #expect(calls.all == [1])
        let fired = ScheduledTimer {}
        fired.fire()
        fired.whenCancelled { calls.record(2) }  // nothing left to wait for: runs now
        #expect(calls.all == [1, 2])
    }
}
