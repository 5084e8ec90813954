import AssistEventLoop
import AssistServices
import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Event loop") struct EventLoopTests {
    @Test("work posted from another thread runs on the loop's thread, in order")
    func workFromAnotherThreadRunsOnTheLoopInOrder() async throws {
        let loop = try EventLoop(name: "test-loop")
        defer { loop.shutdown() }
        let seen = Mutex<[Int]>([])
        let done = Latch()
        for index in 0..<100 {
            loop.execute {
                precondition(loop.inLoop)
                seen.withLock { $0.append(index) }
                if index == 99 { done.open() }
            }
        }
        await done.wait()
        #expect(seen.withLock { $0 } == Array(0..<100))
    }

    @Test("the loop's thread carries the loop's name, as ps, perf and gdb show it")
    func theLoopsThreadIsNamed() async throws {
        let loop = try EventLoop(name: "assist-loop-7")
        defer { loop.shutdown() }
        let name = Mutex<String?>(nil)
        let done = Latch()
        loop.execute {
            name.withLock { $0 = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines) }
            done.open()
        }
        await done.wait()
        #expect(name.withLock { $0 } == "assist-loop-7")
    }

    @Test("a task that prefers the loop runs on it, and comes back to it after every suspension")
    func aTaskThatPrefersTheLoopStaysOnItAcrossSuspensions() async throws {
        let loop = try EventLoop(name: "test-loop")
        defer { loop.shutdown() }
        let onLoop = await Task(executorPreference: loop) { () -> [Bool] in
            var observations = [EventLoop.current === loop]
            // Resumed from another thread: the continuation's job comes back to the loop.
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                Thread { usleep(1000); continuation.resume() }.start()
            }
            observations.append(EventLoop.current === loop)
            try? await Task.sleep(for: .milliseconds(2))
            observations.append(EventLoop.current === loop)
            let stream = AsyncStream<Int> { continuation in
                Thread { for value in 0..<3 { continuation.yield(value) }; continuation.finish() }.start()
            }
            for await _ in stream { observations.append(EventLoop.current === loop) }
            return observations
        }.value
        #expect(onLoop == [true, true, true, true, true, true])
    }

    @Test("a watched descriptor's handler runs on the loop when it is ready")
    func aWatchedDescriptorsHandlerRunsOnTheLoop() async throws {
        let loop = try EventLoop(name: "test-loop")
        defer { loop.shutdown() }
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let received = Latch()
        let bytes = Mutex<[UInt8]>([])
        let reader = fds[0]
        loop.execute {
            loop.watch(reader, events: EventLoop.readable) { _ in
                var buffer = [UInt8](repeating: 0, count: 16)
                let count = read(reader, &buffer, 16)
                bytes.withLock { $0 += buffer.prefix(max(0, count)) }
                loop.unwatch(reader)
                received.open()
            }
        }
        try await Task.sleep(for: .milliseconds(5))
        _ = write(fds[1], "hi", 2)
        await received.wait()
        #expect(bytes.withLock { $0 } == Array("hi".utf8))
    }

    final class CountingHook: EventLoop.TurnHook {
        let deadline: ContinuousClock.Instant
        let fired: Latch
        nonisolated(unsafe) var turnsAfterDeadline = 0
        init(deadline: ContinuousClock.Instant, fired: Latch) { self.deadline = deadline; self.fired = fired }
        func nextDeadline() -> ContinuousClock.Instant? { turnsAfterDeadline == 0 ? deadline : nil }
        func turn(now: ContinuousClock.Instant) {
            if now >= deadline, turnsAfterDeadline == 0 {
                turnsAfterDeadline += 1
                fired.open()
            }
        }
        func loopEnded() {}
    }

    @Test("a turn hook is given a turn at its deadline with nothing else happening")
    func aHookIsWokenAtItsDeadlineWithNothingElseHappening() async throws {
        let loop = try EventLoop(name: "test-loop")
        defer { loop.shutdown() }
        let fired = Latch()
        let start = ContinuousClock.now
        loop.execute { loop.addHook(CountingHook(deadline: start + .milliseconds(30), fired: fired)) }
        await fired.wait()
        #expect(ContinuousClock.now - start >= .milliseconds(30))
    }

    /// A hook that, armed, makes a job ready from its turn (as a finished transfer resumes its request), the job
    /// leaves the hook work (as a request queues a Redis command), and the hook does it at its next turn.
    /// `@unchecked Sendable`: made on the test's task, then touched only on the loop's thread.
    final class SendingHook: EventLoop.TurnHook, @unchecked Sendable {
        let loop: EventLoop
        let sent: Latch
        var armed = false
        var pending = false
        init(loop: EventLoop, sent: Latch) { (self.loop, self.sent) = (loop, sent) }
        func nextDeadline() -> ContinuousClock.Instant? { nil }
        func turn(now: ContinuousClock.Instant) {
            if pending {
                pending = false
                sent.open()
            }
            if armed {
                armed = false
                _ = loop.execute { [self] in pending = true }
            }
        }
        func loopEnded() {}
    }

    @Test("work a job leaves for a hook, the job made ready by the hooks' own turn, is done before the loop sleeps")
    func hooksRunAfterTheJobsTheyMadeReady() async throws {
        let loop = try EventLoop(name: "test-loop")
        defer { loop.shutdown() }
        let sent = Latch()
        let hook = SendingHook(loop: loop, sent: sent)
        _ = loop.execute {
            loop.addHook(hook)
            hook.armed = true
        }
        // Nothing else happens on the loop: the hook has no deadline and no descriptor is watched, so the only
        // turn that can send is the one after the job. Before, the loop slept with the work pending.
        let deadline = ContinuousClock.now + .seconds(5)
        while !sent.isOpen, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(sent.isOpen)
    }

    /// A hook holding a task's continuation, as a store connection holds its callers': the loop's end fails it.
    /// `@unchecked Sendable`: made on the test's task, then touched only on the loop's thread.
    final class WaiterHook: EventLoop.TurnHook, @unchecked Sendable {
        var waiter: CheckedContinuation<Bool, Never>?
        func nextDeadline() -> ContinuousClock.Instant? { nil }
        func turn(now: ContinuousClock.Instant) {}
        func loopEnded() { waiter?.resume(returning: false) }
    }

    @Test("a task resumed by a hook as the loop ends finishes on the global executor, not stranded on the ended loop")
    func aTaskResumedAtTheLoopsEndFinishes() async throws {
        let loop = try EventLoop(name: "test-loop")
        let hook = WaiterHook()
        let task = Task(executorPreference: loop) { () -> Bool in
            await withCheckedContinuation { continuation in
                _ = loop.onLoop {
                    loop.addHook(hook)
                    hook.waiter = continuation
                }
            }
        }
        try await Task.sleep(for: .milliseconds(20))
        loop.shutdown()
        await loop.run()
        let finished = await withTaskGroup(of: Bool?.self) { group in
            group.addTask { await task.value }
            group.addTask { try? await Task.sleep(for: .seconds(5)); return nil }
            defer { group.cancelAll() }
            return await group.next() ?? nil
        }
        #expect(finished == false, "the task ended with the hook's answer")
    }

    @Test("after shutdown, a task that preferred the loop finishes on the global executor")
    func afterShutdownATaskThatPreferredTheLoopFinishesElsewhere() async throws {
        let loop = try EventLoop(name: "test-loop")
        let gate = Latch()
        let task = Task(executorPreference: loop) { () -> Bool in
            await gate.wait()
            return EventLoop.current === loop
        }
        try await Task.sleep(for: .milliseconds(5))
        loop.shutdown()
        await loop.run()
        gate.open()
        #expect(await task.value == false)
    }
}

@Suite("Event loop registrations")
struct EventLoopRegistrationTests {
    @Test("an event reported for a descriptor closed during the turn never reaches the handler of the one that reused its number")
    func staleEventsAreDropped() async throws {
        let loop = try EventLoop(name: "test-loop")
        defer { loop.shutdown() }
        // Two pipes ready at once: the first one's handler closes the second one's read end, opens a new pipe that
        // gets the same number, and watches it; the second one's event, still in the turn, is for the old pipe.
        var first: [Int32] = [0, 0], second: [Int32] = [0, 0]
        #expect(pipe(&first) == 0 && pipe(&second) == 0)
        let wrongDeliveries = Mutex(0)
        let done = Latch()
        let (firstRead, secondRead, firstWrite, secondWrite) = (first[0], second[0], first[1], second[1])
        loop.execute {
            // Whichever is reported first closes the other and reuses its number.
            func takeOver(_ closing: Int32) {
                loop.unwatch(closing)
                // The old pipe's read end is replaced by a new pipe's under the same number in one step (dup2): a close
                // then a pipe() would leave the number free for a moment, and in a parallel pass another test's socket
                // can take it (which made this test's precondition stop the whole test process).
                var reused: [Int32] = [0, 0]
                pipe(&reused)
                #expect(dup2(reused[0], closing) == closing)
                close(reused[0])
                loop.watch(closing, events: EventLoop.readable) { _ in wrongDeliveries.withLock { $0 += 1 } }
                loop.execute { done.open() }  // runs once every event of this turn has been delivered
            }
            var handled = false
            loop.watch(firstRead, events: EventLoop.readable) { _ in
                if !handled { handled = true; takeOver(secondRead) }
            }
            loop.watch(secondRead, events: EventLoop.readable) { _ in
                if !handled { handled = true; takeOver(firstRead) }
            }
            _ = write(firstWrite, "a", 1)
            _ = write(secondWrite, "b", 1)
        }
        await done.wait()
        #expect(wrongDeliveries.withLock { $0 } == 0)
    }
}
