import AssistServices
import Foundation
import Testing

/// The queueing half of the store clients' work queues: bounded, in order, in batches, drained on shutdown.
@Suite("Job queue")
struct JobQueueTests {
    @Test func refusesPastCapacityAndHandsOutBatchesInOrder() {
        let queue = JobQueue<Int>(capacity: 5)
        #expect((0..<7).map { queue.submit($0) } == [true, true, true, true, true, false, false])
        #expect(queue.nextBatch(limit: 2) == [0, 1])
        #expect(queue.nextBatch(limit: 10) == [2, 3, 4])
        #expect(queue.submit(5))
    }

    @Test func aWaitingConsumerIsWokenAndShutdownDrainsThenEnds() async throws {
        let queue = JobQueue<Int>(capacity: 100)
        let consumer = Task.detached {
            var seen: [Int] = []
            while let batch = queue.nextBatch(limit: 3) { seen += batch }
            return seen
        }
        try await Task.sleep(for: .milliseconds(50))  // the consumer is waiting on an empty queue
        for job in 0..<10 { #expect(queue.submit(job)) }
        queue.shutdown()
        #expect(!queue.submit(99))
        #expect(queue.isStopped)
        #expect(await consumer.value == Array(0..<10))
    }
}
