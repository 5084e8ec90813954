import AssistGateway
public import AssistServices
import Synchronization

/// The audit spool's background work: ships journaled rows to the remote store, in journal order, in batches,
/// and then advances the shipped mark (which compacts the journal).
///
/// It wakes when a sync makes rows durable (and once a second regardless). Each batch is up to `maxBatchRows`
/// rows read back from the journal, sent as one call (`BatchedAuditStore`, one transaction in PostgreSQL) or
/// row by row in order; a `closeInterrupted` entry is a batch of its own, run remotely where it stands in the
/// journal. A batch that fails is sent again, whole, after a pause (100 ms doubling to 2 s by default): every
/// write is an upsert by request id, so a batch committed twice (its commit's answer lost) changes nothing, and
/// a request's rows, shipped in order, leave its final row last. The first failure of a run is logged with the
/// rows waiting, and the recovery too.
///
/// At start it ships what an earlier process left in the journal (the replay). Shut down, it syncs what is
/// written, tries one last time and stops: what remains stays in the journal for the next start.
public final class AuditSpoolShipper: Service {
    public let name = "audit spool"

    struct Settings: Sendable {
        var maxBatchRows: Int
        var retryDelay: Duration
        var maxRetryDelay: Duration
    }

    private struct State {
        var stopped = false
        var failing = false
        /// Rows the remote store closed for each `closeInterrupted` entry shipped, by the entry's end.
        var remoteClosed: [Int: Int] = [:]
    }

    private let journal: SpoolJournal
    private let index: SpoolIndex
    private let remote: any AuditStore
    private let settings: Settings
    private let state = Mutex(State())
    private let wake = WakeSignal()
    private let shipping = AsyncLock()

    init(journal: SpoolJournal, index: SpoolIndex, remote: any AuditStore, settings: Settings) {
        self.journal = journal
        self.index = index
        self.remote = remote
        self.settings = settings
    }

    /// Rows became durable (synced): ship them soon.
    func rowsJournaled() { wake.signal() }

    public func run() async throws {
        await withTaskCancellationHandler { await loop() } onCancel: { shutdown() }
    }

    public func shutdown() {
        state.withLock { $0.stopped = true }
        wake.signal()
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func loop() async {
        var delay = settings.retryDelay
        while !isStopped {
            do {
                try await ship()
                delay = settings.retryDelay
            } catch {
                let until = ContinuousClock.now + delay
                while !isStopped, ContinuousClock.now < until { await wake.wait(upTo: until - .now) }
                delay = min(delay * 2, settings.maxRetryDelay)
                continue
            }
            await wake.wait(upTo: .seconds(1))
        }
        // Everything written so far is synced and shipped; what the remote store refuses waits for the next start.
        await journal.sync()
        do { try await ship() } catch {
            SpoolLog.warning("stopping with \(index.waitingRows) rows kept in the journal for the next start (\(error))")
        }
    }

    /// Ships everything durable now, batch after batch; throws at the first batch the remote store refuses.
    func ship() async throws {
        try await shipping.withLock {
            while true {
                let (shipped, durable, _) = journal.positions
                guard shipped < durable else { return }
                do {
                    try await shipBatch(from: shipped, upTo: durable)
                } catch {
                    if state.withLock({ state in defer { state.failing = true }; return !state.failing }) {
                        SpoolLog.warning("cannot ship (\(error)); \(index.waitingRows) rows kept in the journal, retrying")
                    }
                    throw error
                }
                if state.withLock({ state in defer { state.failing = false }; return state.failing }) {
                    SpoolLog.warning("shipping again; \(index.waitingRows) rows still waiting")
                }
            }
        }
    }

    /// The remote count of the `closeInterrupted` entry ending at `end`, once shipped (taken once).
    func takeRemoteClosed(at end: Int) -> Int? {
        state.withLock { $0.remoteClosed.removeValue(forKey: end) }
    }

    private func shipBatch(from start: Int, upTo durable: Int) async throws {
        let (entries, end) = try await readBatch(from: start, upTo: durable)
        var rows: [AuditRecord] = []
        for entry in entries {
            if case .row(let record) = entry { rows.append(record) }
        }
        if case .closeInterrupted(let instance) = entries.first {
            let closed = try await remote.closeInterrupted(instance: instance)
            state.withLock { state in
                if state.remoteClosed.count > 16 { state.remoteClosed.removeAll() }
                state.remoteClosed[end] = closed
            }
        } else if rows.isEmpty {
            // Only damaged lines: nothing to send.
        } else if let batched = remote as? any BatchedAuditStore {
            try await batched.record(batch: rows)
        } else {
            for row in rows { try await remote.record(row) }
        }
        index.shipped(upTo: end)
        await journal.advance(to: end)
    }

    /// The next batch from `start`: up to `maxBatchRows` rows, or one `closeInterrupted` entry alone, and the
    /// position just past it. A damaged line in the middle of the journal is passed over, as the scan at open
    /// passes it over.
    private func readBatch(from start: Int, upTo durable: Int) async throws -> ([SpoolEntry], Int) {
        var maxBytes = 256 * 1024
        while true {
            let bytes = try await journal.read(from: start, maxBytes: maxBytes)
            var entries: [SpoolEntry] = []
            var end = start
            var lineStart = 0
            while let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                let entry = SpoolEntry.decode(line: bytes[lineStart..<newline])
                if case .closeInterrupted = entry, !entries.isEmpty { break }
                end = start + newline + 1
                lineStart = newline + 1
                if let entry { entries.append(entry) }
                if case .closeInterrupted = entry { break }
                if entries.count >= settings.maxBatchRows { break }
            }
            // A line longer than what was read: read more (the durable end is always a line's end).
            if end == start, start + bytes.count < durable { maxBytes *= 2; continue }
            return (entries, end)
        }
    }
}
