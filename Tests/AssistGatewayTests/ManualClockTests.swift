import AssistTestSupport
import Synchronization
import Testing

@Suite("Manual clock")
struct ManualClockTests {
    final class Woken: Sendable {
        private let seconds = Mutex<[Int]>([])
        func note(_ value: Int) { seconds.withLock { $0.append(value) } }
        var all: [Int] { seconds.withLock { $0 } }
    }

    @Test("time moves only by advance(by:), with no resolution to round to")
    func advancing() {
        let start = ContinuousClock.Instant.now
        let clock = ManualClock(now: start)
        #expect(clock.now == start)
        #expect(clock.minimumResolution == .zero)
        clock.advance(by: .seconds(90))
        #expect(clock.now == start + .seconds(90))
    }

    @Test("a sleep whose deadline has passed returns at once")
    func pastDeadline() async throws {
        let clock = ManualClock()
        try await clock.sleep(until: clock.now)
        try await clock.sleep(until: clock.now - .seconds(1))
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
    }

    @Test("advance(by:) wakes every sleeper whose deadline has passed, and only those")
    func wakesDueSleepers() async throws {
        let clock = ManualClock()
        let woken = Woken()
        let sleepers = (1...3).map { seconds in
            Task {
                try await clock.sleep(for: .seconds(seconds))
                woken.note(seconds)
            }
        }
        #expect(await clock.waitForSleepers(3))
        clock.advance(by: .seconds(2))
        try await sleepers[0].value
        try await sleepers[1].value
        #expect(Set(woken.all) == [1, 2])
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(999))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(1))
        try await sleepers[2].value
        #expect(woken.all.count == 3)
    }

    @Test("a sleeper whose task is cancelled throws CancellationError, as Task.sleep does")
    func cancellation() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        #expect(await clock.waitForSleepers())
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)

        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(60))
        }
        await #expect(throws: CancellationError.self) { try await early.value }
    }
}
