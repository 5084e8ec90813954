@testable import AssistGateway
import AssistTestSupport
import Foundation
import Testing

/// Rows a departed replica left open: closed by the others once its presence lease has lapsed, never while it
/// lives, and never their own.
@Suite("ReplicaPresence")
struct ReplicaPresenceTests {
    let clock = ManualClock()

    func presence(_ instance: String, audit: InMemoryAuditStore, leases: InMemoryLeaseStore) -> (ReplicaPresence, LeaseKeeper) {
        let keeper = LeaseKeeper(ttl: .seconds(15), clock: MonotonicClock(clock))
        return (ReplicaPresence(instance: instance, leases: leases, keeper: keeper, audit: audit, sweepInterval: .seconds(15),
                                clock: MonotonicClock(clock)), keeper)
    }

    func open(_ id: String, on instance: String, in audit: InMemoryAuditStore) async throws {
        var row = AuditRecord(requestId: id, time: Date(timeIntervalSince1970: 1_790_000_000), status: .started)
        row.instance = instance
        try await audit.record(row)
    }

    @Test("a replica without a live lease has its open rows closed; a live one's and the sweeper's own stay open")
    func sweep() async throws {
        let (audit, leases) = (InMemoryAuditStore(), InMemoryLeaseStore(clock: MonotonicClock(clock)))
        let (a, _) = presence("a", audit: audit, leases: leases)
        let (b, _) = presence("b", audit: audit, leases: leases)
        try await a.announce()
        try await b.announce()
        for (id, instance) in [("r1", "a"), ("r2", "b"), ("r3", "gone"), ("r4", "gone")] { try await open(id, on: instance, in: audit) }

        #expect(try await a.sweep() == 2)
        for (id, status) in [("r1", AuditStatus.started), ("r2", .started), ("r3", .interrupted), ("r4", .interrupted)] {
            #expect(await audit.record(for: id)?.status == status, "\(id)")
        }
        #expect(try await audit.instancesWithOpenRows() == ["a", "b"])
        #expect(try await a.sweep() == 0, "closing is idempotent")
    }

    @Test("a replica that stops renewing: its rows stay open for the lease time, then the next sweep closes them")
    func lapse() async throws {
        let (audit, leases) = (InMemoryAuditStore(), InMemoryLeaseStore(clock: MonotonicClock(clock)))
        let (alive, keeper) = presence("alive", audit: audit, leases: leases)
        let (dead, _) = presence("dead", audit: audit, leases: leases)
        try await alive.announce()
        try await dead.announce()  // its keeper never runs: it died right after
        try await open("r1", on: "dead", in: audit)
        let renewer = Task { await keeper.run() }
        clock.advance(by: .seconds(14))
        #expect(try await alive.sweep() == 0, "not before the lease time")
        for _ in 0..<2 {
            _ = await clock.waitForSleepers(1)
            clock.advance(by: .seconds(5))
        }
        #expect(try await alive.sweep() == 1)
        #expect(await audit.record(for: "r1")?.status == .interrupted)
        #expect(leases.holders(of: ReplicaPresence.key(instance: "alive")) == 1, "the sweeper's own lease was renewed")
        keeper.shutdown()
        await renewer.value
    }
}
