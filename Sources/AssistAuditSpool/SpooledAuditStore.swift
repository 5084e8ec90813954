public import AssistGateway
import AssistServices
import Foundation
import Glibc
import Synchronization

/// Audit rows that are never lost (issue 12): every row goes first to a local journal, synced in the background,
/// and from there to the remote store (PostgreSQL, with shared storage) in batches by a background service.
///
/// `record` returns once its row is written to the journal, whether or not the remote store is up: a spooled
/// row counts as audited, so requests go on being served through a PostgreSQL outage. Written means it survives
/// the process's crash, as a SQLite commit with `synchronous=NORMAL` (SQLite storage) does; the journal is
/// `fdatasync`ed within `syncInterval`, off the request's path (issue 29), and only synced rows are shipped. It throws (and the
/// gateway answers 503 `audit_unavailable`) only when the journal cannot be written. The shipper
/// (`shipper`, a `Service` for the gateway's `ServiceGroup`) sends the journal on in order, idempotent by request
/// id, advances a durable shipped mark and compacts the journal; at open, whatever an earlier process left
/// unshipped is replayed. Reads see journaled rows not yet shipped, so feedback finds a request the remote
/// store has not received. A crash of the process loses nothing acknowledged (a written row is in the kernel's
/// cache); a crash of the machine can lose what was written within the last `syncInterval`, never a shipped row.
///
/// The spool lives in a directory of its own (`<data-dir>/audit-spool`, 0700, files 0600), locked while open.
/// Its size (`size`, and `gauges` for `/metrics`) is what the remote store does not yet have.
public final class SpooledAuditStore: AuditStore, MetricsGaugeSource {
    public struct Settings: Sendable {
        /// The longest a written row waits for its background sync (and so to be shipped); every row written
        /// meanwhile shares that sync.
        public var syncInterval: Duration = .milliseconds(10)
        /// Compact the journal once this many bytes of it are shipped and no more than that wait behind them
        /// (0: whenever a shipped batch leaves the unshipped tail no longer than the shipped part).
        public var compactAfterBytes = 1 << 20
        /// Rows per remote call.
        public var maxBatchRows = 256
        /// The pause after a failed remote call, doubled with each failure in a row up to the limit.
        public var retryDelay: Duration = .milliseconds(100)
        public var maxRetryDelay: Duration = .seconds(2)
        public init() {}
    }

    /// What the remote store does not have yet.
    public struct Size: Sendable, Equatable {
        /// Row entries journaled and not shipped (a request's started and ended rows are two).
        public var rows: Int
        /// Journal bytes not shipped.
        public var bytes: Int

        public init(rows: Int, bytes: Int) {
            self.rows = rows
            self.bytes = bytes
        }
    }

    /// What the open found in the journal: what it replays, and what a crash left damaged.
    public struct Recovery: Sendable, Equatable {
        /// Row entries past the shipped mark, to be shipped again.
        public var rows: Int
        /// Bytes of a torn last record, dropped (the file is cut back to the last whole record).
        public var tornBytes: Int
        /// Damaged records with whole ones after them, skipped.
        public var damagedRecords: Int

        public init(rows: Int, tornBytes: Int, damagedRecords: Int) {
            self.rows = rows
            self.tornBytes = tornBytes
            self.damagedRecords = damagedRecords
        }
    }

    public let remote: any AuditStore
    /// Ships the journal to `remote`; run it in the gateway's `ServiceGroup`.
    public let shipper: AuditSpoolShipper
    public let recovery: Recovery
    private let journal: SpoolJournal
    private let index: SpoolIndex

    /// Opens (creating) the spool in `directory`, reads what an earlier process left unshipped, and starts the
    /// journal's thread. Throws when the directory or the journal cannot be created, read or locked.
    public init(directory: String, remote: any AuditStore, settings: Settings = Settings()) throws {
        let files = SpoolFiles(directory: directory)
        let lock = try files.prepare()
        let scan: JournalScan
        do {
            scan = try JournalScan.open(files)
        } catch {
            Glibc.close(lock)
            throw error
        }
        let index = SpoolIndex()
        index.journaled(scan.entries)
        let rows = scan.entries.filter { if case .row = $0.entry { true } else { false } }.count
        recovery = Recovery(rows: rows, tornBytes: scan.tornBytes, damagedRecords: scan.damagedLines)
        if scan.tornBytes > 0 || scan.damagedLines > 0 {
            SpoolLog.warning("dropped a torn last record (\(scan.tornBytes) bytes) and skipped \(scan.damagedLines) damaged records")
        }
        // The shipper exists before the journal's thread, which wakes it; the thread is told of it through a box.
        let wake = ShipperBox()
        let journal = SpoolJournal(
            files: files, scan: scan, lock: lock,
            settings: .init(syncInterval: settings.syncInterval, compactAfterBytes: settings.compactAfterBytes),
            onWritten: { index.journaled($0) },
            onReadable: { wake.shipper?.rowsJournaled() })
        shipper = AuditSpoolShipper(
            journal: journal, index: index, remote: remote,
            settings: .init(maxBatchRows: settings.maxBatchRows, retryDelay: settings.retryDelay, maxRetryDelay: settings.maxRetryDelay))
        wake.shipper = shipper
        self.remote = remote
        self.journal = journal
        self.index = index
    }

    /// `init` on a thread of its own, for async callers: the scan reads and checks every unshipped line (a long
    /// outage's worth after a crash), which must not hold one of the cooperative pool's few threads meanwhile.
    public static func open(directory: String, remote: any AuditStore, settings: Settings = Settings()) async throws -> SpooledAuditStore {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try SpooledAuditStore(directory: directory, remote: remote, settings: settings) }) }
                .start()
        }
    }

    deinit { journal.shutdown() }

    /// Journals the row and returns once it is written (one `pwrite`, on the caller's thread). Throws only
    /// when the journal cannot be written.
    public func record(_ record: AuditRecord) async throws {
        _ = try journal.append([.row(record)])
    }

    /// Closes `instance`'s `started` rows as `interrupted`, here and remotely, in journal order: the close is
    /// journaled (so it happens even if the remote store is down now), then shipped at once if it can be.
    /// Returns the remote store's count when that worked, else how many waiting rows were closed here.
    public func closeInterrupted(instance: String) async throws -> Int {
        let end = try journal.append([.closeInterrupted(instance: instance)])
        let local = index.takeClosedCount(at: end) ?? 0
        await journal.sync()  // only synced entries are shipped
        guard (try? await shipper.ship()) != nil, let remote = shipper.takeRemoteClosed(at: end) else { return local }
        return remote
    }

    /// The remote store's: this replica's own open rows there are what sweeps look at, and this replica is
    /// alive; those still in the journal are not.
    public func instancesWithOpenRows() async throws -> Set<String> { try await remote.instancesWithOpenRows() }

    /// The newest rows, those still in the journal included (in place of the remote row of the same request).
    /// Throws when the remote store cannot be read: the journal alone is not the newest rows.
    public func recent(limit: Int) async throws -> [AuditRecord] {
        let waiting = index.records()
        let stored = try await remote.recent(limit: limit + waiting.count)
        let waitingIds = Set(waiting.map(\.requestId))
        let firstTimes = Dictionary(stored.map { ($0.requestId, $0.time) }, uniquingKeysWith: { first, _ in first })
        let merged = waiting.map { row in
            var row = row
            row.time = firstTimes[row.requestId] ?? row.time
            return row
        } + stored.filter { !waitingIds.contains($0.requestId) }
        // Newest first; among equal times the journal's rows (written last) first, then the remote store's order.
        return merged.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time > b.element.time : a.offset < b.offset
        }.prefix(limit).map(\.element)
    }

    /// The request's row: the journal's if it is still waiting there, else the remote store's (which throws
    /// while it cannot be read).
    public func record(for requestId: String) async throws -> AuditRecord? {
        if let waiting = index.record(for: requestId) { return waiting }
        return try await remote.record(for: requestId)
    }

    /// What the remote store does not have yet.
    public var size: Size {
        let (shipped, _, written) = journal.positions
        return Size(rows: index.waitingRows, bytes: written - shipped)
    }

    /// For `/metrics`: `assist_audit_spool_rows` and `assist_audit_spool_bytes`.
    public var gauges: [MetricsGauge] {
        let size = size
        return [
            MetricsGauge(name: "assist_audit_spool_rows", help: "Audit rows journaled locally and not yet in PostgreSQL.",
                         value: Double(size.rows)),
            MetricsGauge(name: "assist_audit_spool_bytes", help: "Bytes of the local audit journal not yet shipped to PostgreSQL.",
                         value: Double(size.bytes)),
        ]
    }

    /// Background syncs of the journal so far, each covering every row written since the one before.
    public var journalSyncs: Int { journal.syncs }
    /// Syncs that failed so far (the rows they covered wait, unshipped, for one that succeeds).
    public var journalSyncFailures: Int { journal.syncFailures }
    /// Journal bytes written and not yet synced (what a power loss, not a crash, could take).
    public var unsyncedBytes: Int {
        let (_, durable, written) = journal.positions
        return written - durable
    }
    /// Compactions of the journal so far.
    public var compactions: Int { journal.compactions }
    /// The journal file in use.
    public var journalPath: String { journal.path }

    /// Refuses writes from now on (one in progress finishes), closes the files and releases the lock. Stop
    /// the shipper first. Returns once the journal's thread has ended.
    public func close() async {
        journal.shutdown()
        await journal.ended.wait()
    }
}

/// The shipper, set once after the journal that must wake it is made; weak, as the shipper holds the journal.
private final class ShipperBox: Sendable {
    private struct Reference { weak var shipper: AuditSpoolShipper? }
    private let value = Mutex(Reference())
    var shipper: AuditSpoolShipper? {
        get { value.withLock { $0.shipper } }
        set { value.withLock { $0.shipper = newValue } }
    }
}
