@testable import AssistGateway
import AssistCrypto
import AssistTestSupport
import Foundation
import Testing

/// The bounds of refusal counting, and the recorder's flushes as a service on a manual clock.
@Suite("Refusal tally and recorder")
struct RefusalTallyTests {
    @Test("the first rows of each minute are written in full, the rest only counted; a late refusal counts in the current minute")
    func fullRowsPerMinute() {
        var tally = RefusalTally(limits: RefusalTally.Limits(fullRowsPerMinute: 3))
        let written = (0..<5).map { _ in tally.count(minute: 7, endpoint: "/e", reason: "r", address: "a") }
        #expect(written == [true, true, true, false, false])
        let nextMinute = tally.count(minute: 8, endpoint: "/e", reason: "r", address: "a")
        let late = tally.count(minute: 6, endpoint: "/e", reason: "r", address: "a")  // raced the turn: minute 8's second
        #expect(nextMinute && late)
        let counts = tally.drain()
        #expect(counts == [RefusalKey(minute: 7, endpoint: "/e", reason: "r", address: "a"): 5,
                                  RefusalKey(minute: 8, endpoint: "/e", reason: "r", address: "a"): 2])
        #expect(tally.pending.isEmpty)
    }

    @Test("addresses and keys per minute are bounded: the excess counts under other, and a new minute starts afresh")
    func boundedKeys() {
        var tally = RefusalTally(limits: RefusalTally.Limits(addressesPerMinute: 3, keysPerMinute: 5))
        for address in ["a", "b", "c", "d", "e"] { _ = tally.count(minute: 1, endpoint: "/e", reason: "r", address: address) }
        _ = tally.count(minute: 1, endpoint: "/f", reason: "r", address: "a")  // the 5th key, after a, b, c and other
        _ = tally.count(minute: 1, endpoint: "/g", reason: "r", address: "b")  // past the keys' bound
        _ = tally.count(minute: 1, endpoint: "/e", reason: "r", address: "a")  // a known key still counts as itself
        let bounded = tally.drain()
        func key(_ endpoint: String, _ address: String) -> RefusalKey { RefusalKey(minute: 1, endpoint: endpoint, reason: "r", address: address) }
        #expect(bounded == [key("/e", "a"): 2, key("/e", "b"): 1, key("/e", "c"): 1, key("/e", "other"): 2, key("/f", "a"): 1, key("/g", "other"): 1])
        _ = tally.count(minute: 2, endpoint: "/e", reason: "r", address: "e")
        let nextMinute = tally.drain()
        #expect(nextMinute == [RefusalKey(minute: 2, endpoint: "/e", reason: "r", address: "e"): 1])
    }

    @Test("counts that could not be stored are kept for pendingMinutes, then dropped and counted as dropped")
    func restore() {
        var tally = RefusalTally(limits: RefusalTally.Limits(pendingMinutes: 2))
        _ = tally.count(minute: 10, endpoint: "/e", reason: "r", address: "a")
        tally.restore(tally.drain())
        _ = tally.count(minute: 12, endpoint: "/e", reason: "r", address: "a")
        tally.restore(tally.drain())
        #expect(tally.pending.count == 2 && tally.dropped == 0)
        _ = tally.count(minute: 13, endpoint: "/e", reason: "r", address: "a")
        tally.restore(tally.drain())
        #expect(Set(tally.pending.keys.map(\.minute)) == [12, 13])
        let dropped = tally.takeDropped()
        #expect(dropped == 1 && tally.dropped == 0)
    }

    @Test("as a service the recorder flushes every interval, and once more when it stops")
    func flushesAsAService() async throws {
        let clock = ManualClock()
        let store = InMemoryRefusalStore()
        let recorder = RefusalRecorder(store: store, audit: InMemoryAuditStore(), instance: "i", clock: MonotonicClock(clock), interval: .seconds(2))
        let time = Date(timeIntervalSince1970: 600)
        func refuse() async {
            await recorder.record(AuditRecord(requestId: RequestID.make(), time: time, status: .rejected, reason: "r"), endpoint: "/e", address: "a")
        }
        let running = Task { await recorder.run() }
        #expect(await clock.waitForSleepers())
        await refuse()
        #expect(try await store.counts(since: 0).isEmpty)
        clock.advance(by: .seconds(2))
        #expect(await clock.waitForSleepers())
        #expect(try await store.counts(since: 0).values.first == 1)
        await refuse()
        recorder.shutdown()
        await running.value
        #expect(try await store.counts(since: 0) == [RefusalKey(minute: 10, endpoint: "/e", reason: "r", address: "a"): 2])
    }
}
