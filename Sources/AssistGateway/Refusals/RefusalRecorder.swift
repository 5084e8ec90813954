public import AssistServices
import Foundation
import Synchronization

/// Refusals before admission (400, 401, 403), recorded so that a flood of them costs memory and disk in
/// proportion to the minutes it lasts, never to the requests it sends.
///
/// Each refusal is counted in memory per (minute, endpoint, reason, client address), within the bounds of
/// `RefusalTally`; the first few of each minute are also written in full, as audit rows with status
/// `rejected`. A flush (every `interval` while `run()` runs, and once more when it stops) adds the counts
/// to the `RefusalStore` in one batch. Before this, every refusal was an audit row: 115,773 unauthenticated
/// requests in 5 s wrote 115,773 rows.
///
/// Recording never fails the request and never touches the audit's failure state (`StorageHealth`,
/// which decides fail-closed and `/healthz`): a refusal's row or a batch of counts that cannot be written is
/// logged, once per run of failures, and the counts are kept to try again (`RefusalTally.pendingMinutes`).
/// So a flood of refusals, or a store that refuses their writes, cannot turn legitimate users away.
///
/// It is a `Service`: counts are stored only while `run()` runs (`GatewayAssembly.services`), which must
/// stop before the database it writes to. It sleeps only on its clock, so a test can flush by hand.
public final class RefusalRecorder: Service {
    public let name = "refusal recorder"
    /// How long stored counts are kept, in minutes: with `RefusalTally`'s bounds, the table's size is bounded.
    public static let retentionMinutes = 24 * 60

    private let store: any RefusalStore
    private let audit: any AuditStore
    private let instance: String
    private let clock: MonotonicClock
    private let interval: Duration
    private let tally: Mutex<RefusalTally>
    /// The minute whose older counts were last removed (retention runs once a minute at most).
    private let prunedAt = Mutex(Int.min)
    private let rowWrites = FailureRun("refusal audit rows")
    private let countWrites = FailureRun("refusal counts")

    private let loop = ServiceTask()

    /// - Parameters:
    ///   - audit: where a minute's first refusals are written in full (its rows carry `instance`).
    ///   - clock: slept on between flushes.
    ///   - interval: the time between flushes; how many seconds of counts a crash may lose.
    init(store: any RefusalStore, audit: any AuditStore, instance: String, clock: MonotonicClock,
         interval: Duration = .seconds(2), limits: RefusalTally.Limits = RefusalTally.Limits()) {
        self.store = store
        self.audit = audit
        self.instance = instance
        self.clock = clock
        self.interval = interval
        tally = Mutex(RefusalTally(limits: limits))
    }

    /// Counts a refusal (its reason and time are `row`'s); writes `row` as well when it is one of its
    /// minute's first few. Never throws: a failed write is logged, not the request's concern.
    func record(_ row: AuditRecord, endpoint: String, address: String) async {
        let minute = RefusalKey.minute(of: row.time.timeIntervalSince1970)
        let inFull = tally.withLock { $0.count(minute: minute, endpoint: endpoint, reason: row.reason, address: address) }
        guard inFull else { return }
        var row = row
        row.instance = instance
        do {
            try await audit.record(row)
            rowWrites.succeeded()
        } catch {
            rowWrites.failed(error)
        }
    }

    /// Adds the counts not yet stored to the store; returns whether they are stored (true when there were
    /// none). Counts a failed write could not store are kept for the next flush.
    @discardableResult
    public func flush() async -> Bool {
        let counts = tally.withLock { $0.drain() }
        guard !counts.isEmpty else { return true }
        do {
            try await store.add(counts)
        } catch {
            tally.withLock { $0.restore(counts) }
            countWrites.failed(error)
            return false
        }
        let dropped = tally.withLock { $0.takeDropped() }
        countWrites.succeeded(dropped > 0 ? " (the counts of \(dropped) older refusals were dropped meanwhile)" : "")
        await removeExpired(now: counts.keys.map(\.minute).max() ?? 0)
        return true
    }

    /// The counts of every minute from `minute` on: those stored, plus those still in memory. A batch
    /// being stored at this moment may be missing from the answer.
    public func counts(since minute: Int) async throws -> [RefusalKey: Int] {
        var counts = try await store.counts(since: minute)
        for (key, count) in tally.withLock({ $0.pending }) where key.minute >= minute { counts[key, default: 0] += count }
        return counts
    }

    private func removeExpired(now minute: Int) async {
        let due = prunedAt.withLock { last in
            guard minute > last else { return false }
            last = minute
            return true
        }
        guard due else { return }
        do {
            try await store.removeCounts(before: minute - Self.retentionMinutes)
        } catch {
            countWrites.failed(error)
        }
    }

    /// Flushes every `interval` until `shutdown()` (or cancellation), then once more; returns after that
    /// last flush. Run it once.
    public func run() async {
        await loop.run { [self] in
            while true {
                do { try await clock.sleep(for: interval) } catch { break }
                await flush()
            }
            await flush()
        }
    }

    /// Ends the loop after one last flush.
    public func shutdown() { loop.shutdown() }
}
