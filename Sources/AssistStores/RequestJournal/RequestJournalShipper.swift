public import AssistServices
public import AssistSQLite
public import AssistGateway
import Synchronization

/// Takes the request journal's entries into SQLite in the background, many requests' entries per transaction, and
/// on demand (`ship()`) before anything reads what they change.
///
/// It ships `interval` after the first entry that finds nothing waiting (an idle gateway sleeps: no wake-up per
/// interval with nothing to ship), every `interval` while entries keep coming, or at once when the backlog reaches
/// `wakeBacklog` (512 entries, about a hundred requests), so that a commit's size, and the time it holds a core, stays
/// bounded at any load. Every commit writes the pages it touched to the WAL again (the audit table's last leaf, its
/// indexes' leaves, the quota rows, the applied sequence) and brings the next checkpoint nearer, whatever the number of
/// rows, so the cost per request falls as commits grow: waking at 512 rather than 64 entries (at 500/s, with the 100-ms
/// interval of then, a commit every 100 ms, not every 26) cost about 10 % less CPU per request at concurrency 1, 500/s
/// and 2,000/s, with no worse p99, measured in the same blocks (`make bench`, `BENCH_ASSIST_B`) with each build in each
/// slot; an interval of 500 ms rather than 100 (`StorageSettings.Journal.shipMilliseconds`), so that the wake decides
/// the commits at 500/s too, another 11–16 % there. (Before batches were folded, `CoalescedEntries`, 100-ms commits of
/// about 400 entries added about 2 ms to the p99 at 2,000/s.) Each round applies what is waiting in batches of up to
/// `batchSize` entries, each one `perform` (so with the database's other work, in one commit). A batch SQLite refuses
/// stays waiting, is counted (`failures`) and logged once per run of failures, and is tried again after a pause that
/// doubles up to a second, and reported to the gateway's `StorageHealth` (`/healthz` says `checks.storage` is failing
/// until a batch lands again); meanwhile the backlog grows until appends fail (`RequestJournal.Settings.maxBacklog`),
/// so a database that stays broken turns into 503s, never lost rows. On shutdown it ships what is left and closes the
/// journal (what cannot be shipped stays in the file for the next start).
public final class RequestJournalShipper: Service {
    public let name = "request journal"
    public let journal: RequestJournal
    let database: SQLiteDatabase
    public let interval: Duration
    private let batchSize: Int
    /// The backlog that wakes the shipper before its interval is up.
    public let wakeBacklog: Int
    private let wake = WakeSignal()
    private let shipping = AsyncLock()
    private let stopping = Atomic<Bool>(false)
    private let failureCount = Atomic<Int>(0)
    private let batchCount = Atomic<Int>(0)
    private let roundCount = Atomic<Int>(0)
    /// Set while the shipper sleeps with nothing waiting: the next append wakes it (once).
    private let idle = Atomic<Bool>(false)
    private let health = Mutex<StorageHealth?>(nil)
    private let clock: any WallClock

    public init(journal: RequestJournal, database: SQLiteDatabase, interval: Duration = .milliseconds(StorageSettings.Journal().shipMilliseconds),
                batchSize: Int = 4096, wakeBacklog: Int = 512, clock: any WallClock = SystemWallClock()) {
        self.journal = journal
        self.clock = clock
        self.database = database
        self.interval = interval
        self.batchSize = batchSize
        self.wakeBacklog = max(1, wakeBacklog)
    }

    /// Where the outcome of each batch is reported (`/healthz`'s `checks.storage`): set once the gateway's state exists.
    public func report(to health: StorageHealth) { self.health.withLock { $0 = health } }

    /// Batches SQLite refused so far.
    public var failures: Int { failureCount.load(ordering: .relaxed) }

    /// Batches SQLite took so far.
    public var batches: Int { batchCount.load(ordering: .relaxed) }

    /// Times the service has woken to ship, with or without anything waiting.
    public var rounds: Int { roundCount.load(ordering: .relaxed) }

    /// Appends `entries` to the journal as one line (`RequestJournal.append`); wakes the shipper when it sleeps with
    /// nothing waiting (it then ships `interval` later), and before its interval is up when this append brings the
    /// backlog to `wakeBacklog` (once, as it crosses: a signal per append past it would cut the next gathering short).
    public func append<Entries: Collection<RequestJournalEntry>>(_ entries: Entries) throws {
        try journal.append(entries)
        let backlog = journal.backlog
        let crossed = backlog >= wakeBacklog && backlog - entries.count < wakeBacklog
        if idle.compareExchange(expected: true, desired: false, ordering: .acquiringAndReleasing).exchanged || crossed {
            wake.signal()
        }
    }

    /// Appends one entry (`append(_:)` of one).
    public func append(_ entry: RequestJournalEntry) throws { try append(CollectionOfOne(entry)) }

    /// A new group for a request step's entries, appended as one line when committed (`JournalWriteGroup`).
    public func makeGroup() -> any DurableWriteGroup { JournalWriteGroup(shipper: self) }

    public func run() async throws {
        var pause = interval
        var failing = false
        while !stopping.load(ordering: .acquiring) {
            // Nothing waits: sleep until an append wakes it (or `idleWait`, a safety net), then gather for the interval.
            if !failing {
                idle.store(true, ordering: .releasing)
                if journal.backlog == 0 {
                    await wake.wait(upTo: Self.idleWait)
                } else if !idle.load(ordering: .acquiring) {
                    // An append came between, took the flag and signalled: take that signal now, so that it does not
                    // cut the gathering below short.
                    await wake.wait(upTo: .zero)
                }
                idle.store(false, ordering: .releasing)
                if stopping.load(ordering: .acquiring) { break }
            }
            await wake.wait(upTo: pause)
            roundCount.add(1, ordering: .relaxed)
            do {
                try await ship()
                if failing { GatewayLog.warning("request journal: SQLite takes its entries again") }
                (pause, failing) = (interval, false)
            } catch {
                if !failing { GatewayLog.warning("request journal: SQLite refused a batch (\(error)); \(journal.backlog) entries wait, tried again") }
                (pause, failing) = (min(.seconds(1), max(pause * 2, .milliseconds(100))), true)
            }
        }
        do {
            try await ship()
        } catch {
            GatewayLog.warning("request journal: \(journal.backlog) entries left for the next start (\(error))")
        }
        journal.close()
    }

    /// The longest an idle shipper sleeps without an append.
    static let idleWait = Duration.seconds(1)

    public func shutdown() {
        stopping.store(true, ordering: .releasing)
        wake.signal()
    }

    /// Applies every entry appended before the call (and any appended meanwhile, up to a batch); throws, leaving
    /// them waiting, when SQLite refuses them.
    public func ship() async throws {
        try await shipping.withLock {
            while true {
                let batch = journal.waiting(limit: batchSize)
                guard let last = batch.last else { break }
                do {
                    try await database.perform { try RequestJournalApplier.apply(batch, $0.query) }
                } catch {
                    failureCount.add(1, ordering: .relaxed)
                    health.withLock { $0 }?.backgroundFailed(at: clock.now())
                    throw error
                }
                batchCount.add(1, ordering: .relaxed)
                health.withLock { $0 }?.backgroundSucceeded()
                journal.applied(through: last.sequence)
                if batch.count < batchSize { break }
            }
            try journal.rewriteIfLarge()
        }
    }
}
