public import AssistServices
public import AssistSQLite
public import AssistGateway
import Synchronization

/// Takes the request journal's entries into SQLite in the background, many requests' entries per transaction, and
/// on demand (`ship()`) before anything reads what they change.
///
/// It wakes every `interval`, or at once when the backlog reaches `wakeBacklog`, and applies what is waiting in
/// batches of up to `batchSize` entries, each one `perform` (so with the database's other work, in one commit). A
/// batch SQLite refuses stays waiting, is counted (`failures`) and logged once per run of failures, and is tried
/// again after a pause that doubles up to a second, and reported to the gateway's `StorageHealth` (`/healthz` says
/// `checks.storage` is failing until a batch lands again); meanwhile the backlog grows until appends fail
/// (`RequestJournal.Settings.maxBacklog`), so a database that stays broken turns into 503s, never lost rows. On
/// shutdown it ships what is left and closes the journal (what cannot be shipped stays in the file for the next
/// start).
public final class RequestJournalShipper: Service {
    public let name = "request journal"
    public let journal: RequestJournal
    let database: SQLiteDatabase
    public let interval: Duration
    private let batchSize: Int
    private let wake = WakeSignal()
    private let shipping = AsyncLock()
    private let stopping = Atomic<Bool>(false)
    private let failureCount = Atomic<Int>(0)
    private let batchCount = Atomic<Int>(0)
    private let health = Mutex<StorageHealth?>(nil)
    private let clock: any WallClock

    public init(journal: RequestJournal, database: SQLiteDatabase, interval: Duration = .milliseconds(StorageSettings.Journal().shipMilliseconds),
                batchSize: Int = 4096, clock: any WallClock = SystemWallClock()) {
        self.journal = journal
        self.clock = clock
        self.database = database
        self.interval = interval
        self.batchSize = batchSize
    }

    /// Where the outcome of each batch is reported (`/healthz`'s `checks.storage`): set once the gateway's state exists.
    public func report(to health: StorageHealth) { self.health.withLock { $0 = health } }

    /// Batches SQLite refused so far.
    public var failures: Int { failureCount.load(ordering: .relaxed) }

    /// Batches SQLite took so far.
    public var batches: Int { batchCount.load(ordering: .relaxed) }

    /// Appends `entries` to the journal as one line (`RequestJournal.append`), and wakes the shipper before its
    /// interval is up once a quarter of a batch waits.
    public func append<Entries: Collection<RequestJournalEntry>>(_ entries: Entries) throws {
        try journal.append(entries)
        if journal.backlog >= batchSize / 4 { wake.signal() }
    }

    /// Appends one entry (`append(_:)` of one).
    public func append(_ entry: RequestJournalEntry) throws { try append(CollectionOfOne(entry)) }

    /// A new group for a request step's entries, appended as one line when committed (`JournalWriteGroup`).
    public func makeGroup() -> any DurableWriteGroup { JournalWriteGroup(shipper: self) }

    public func run() async throws {
        var pause = interval
        var failing = false
        while !stopping.load(ordering: .acquiring) {
            await wake.wait(upTo: pause)
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
