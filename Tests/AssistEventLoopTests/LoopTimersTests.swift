import AssistEventLoop
import AssistServices
import Synchronization
import Testing

/// The loop's timers: calls fire on the loop's thread, in deadline order, never early and never once cancelled,
/// whichever thread schedules or cancels them.
@Suite("Loop timers")
struct LoopTimersTests {
    struct Fired: Sendable, Equatable {
        let index: Int
        let onLoop: Bool
        let early: Bool
    }

    final class Record: Sendable {
        let fired = Mutex<[Fired]>([])
        var all: [Fired] { fired.withLock { $0 } }
    }

    /// `loop`'s timers, fetched on its thread as a server's share does.
    func timers(of loop: EventLoop) async -> LoopTimers {
        await withCheckedContinuation { continuation in
            _ = loop.execute { continuation.resume(returning: LoopTimers.of(loop)) }
        }
    }

    @Test("calls fire on the loop's thread in deadline order, none before its deadline")
    func orderAndThread() async throws {
        let loop = try EventLoop(name: "timers")
        defer { loop.shutdown() }
        let timers = await timers(of: loop)
        let record = Record()
        let done = Latch()
        let delays = [30, 10, 20, 10, 0]
        let start = ContinuousClock.now
        for (index, delay) in delays.enumerated() {
            _ = timers.schedule(after: .milliseconds(delay)) {
                let early = ContinuousClock.now < start + .milliseconds(delay)
                record.fired.withLock { $0.append(Fired(index: index, onLoop: loop.inLoop, early: early)) }
                if record.all.count == delays.count { done.open() }
            }
        }
        await done.wait()
        #expect(record.all.map(\.index) == [4, 1, 3, 2, 0])  // equal deadlines in the order they were set
        #expect(record.all.allSatisfy { $0.onLoop && !$0.early })
    }

    @Test("a cancelled call never fires, from the loop's thread or another; a call may schedule the next")
    func cancelAndRearm() async throws {
        let loop = try EventLoop(name: "timers")
        defer { loop.shutdown() }
        let timers = await timers(of: loop)
        let record = Record()
        let done = Latch()
        let cancelledHere = timers.schedule(after: .milliseconds(5)) { record.fired.withLock { $0.append(Fired(index: 99, onLoop: true, early: false)) } }
        cancelledHere.cancel()
        _ = loop.execute {
            let onLoop = timers.schedule(after: .milliseconds(5)) { record.fired.withLock { $0.append(Fired(index: 98, onLoop: true, early: false)) } }
            onLoop.cancel()
        }
        // A chain of three, each scheduled by the one before, as a stream's next ping is.
        @Sendable func link(_ index: Int) {
            record.fired.withLock { $0.append(Fired(index: index, onLoop: loop.inLoop, early: false)) }
            if index < 3 { _ = timers.schedule(after: .milliseconds(2)) { link(index + 1) } } else { done.open() }
        }
        _ = timers.schedule(after: .milliseconds(10)) { link(1) }
        await done.wait()
        try await Task.sleep(for: .milliseconds(20))
        #expect(record.all.map(\.index) == [1, 2, 3])
        #expect(record.all.allSatisfy { $0.onLoop })
    }

    @Test("a burst of calls cancelled before their deadlines is dropped from the heap, not kept until then")
    func cancelledEntriesAreCompacted() async throws {
        let loop = try EventLoop(name: "timers")
        defer { loop.shutdown() }
        let timers = await timers(of: loop)
        let scheduled = await withCheckedContinuation { continuation in
            _ = loop.execute {
                let burst = (0..<1000).map { _ in timers.schedule(after: .seconds(3600)) {} }
                continuation.resume(returning: (burst, timers.count))
            }
        }
        #expect(scheduled.1 == 1000)
        for timer in scheduled.0.dropLast(10) { timer.cancel() }
        let done = Latch()
        _ = timers.schedule(after: .milliseconds(1)) { done.open() }  // a turn of the timers after the cancels
        await done.wait()
        let left = await withCheckedContinuation { continuation in
            _ = loop.execute { continuation.resume(returning: timers.count) }
        }
        #expect(left == 10)
        for timer in scheduled.0.suffix(10) { #expect(timer.isPending) }
    }

    @Test("calls still pending when the loop ends are cancelled, releasing what they hold")
    func loopEndCancels() async throws {
        let loop = try EventLoop(name: "timers")
        let timers = await timers(of: loop)
        let timer = timers.schedule(after: .seconds(3600)) {}
        try await Task.sleep(for: .milliseconds(5))  // posted from this thread: let it reach the heap
        loop.shutdown()
        await loop.run()
        #expect(!timer.isPending)
    }
}
