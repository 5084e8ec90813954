import AssistServices
import Synchronization
import Testing

/// One task per service: run() starts it once, a second run() waits on it, shutdown() cancels it or keeps it
/// from starting, and a cancelled caller cancels it.
@Suite("Service task")
struct ServiceTaskTests {
    @Test func runsOnceAndShutdownEndsIt() async throws {
        let service = ServiceTask()
        let starts = Atomic<Int>(0)
        let work: @Sendable () async -> Void = {
            starts.add(1, ordering: .relaxed)
            while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
        }
        let first = Task { await service.run(work) }
        let second = Task { await service.run(work) }
        try await Task.sleep(for: .milliseconds(50))
        service.shutdown()
        await first.value
        await second.value
        #expect(starts.load(ordering: .relaxed) == 1)
        await service.run(work)  // after shutdown: returns at once, nothing starts
        #expect(starts.load(ordering: .relaxed) == 1)
    }

    @Test func cancellingTheCallerCancelsTheWork() async {
        let service = ServiceTask()
        let caller = Task { await service.run { while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) } } }
        caller.cancel()
        await caller.value  // returns: the work saw the cancellation
    }
}
