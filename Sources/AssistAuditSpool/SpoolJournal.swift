import AssistTelemetry
import AssistServices
import Dispatch
import Foundation
import Glibc
import Synchronization

/// The audit spool's journal file, owned by one thread: appends, reads for the shipper, and the shipped mark
/// with compaction; a second thread (`SpoolSyncer`) syncs it in the background.
///
/// **Appends are written, then synced off the request's path.** Callers encode their lines and queue them;
/// the thread takes every append waiting, writes them in one `pwrite` at the end of the file and resumes the
/// callers, each with the position just past its entries. What is written survives the process's crash (it
/// is in the kernel's page cache): the guarantee of a SQLite commit with `synchronous=NORMAL`, which is what
/// SQLite storage gives, so both storage modes promise the same (issue 29). The syncer `fdatasync`s within
/// `syncInterval`, one sync for every write of the interval; only synced bytes are *durable*, and only they
/// are shipped, so a shipped mark never points past what a power loss could leave. A batch that cannot be
/// written fails all its callers, and the file is cut back to its last written end, so a failed batch never
/// leaves part of a line for the next to follow.
///
/// **Files and threads.** The journal thread alone writes, reads and compacts; the syncer only syncs. A
/// compaction swaps the file and a sync uses it, so both hold `fileLock` (a sync never syncs a closed file).
///
/// **Positions** are logical: bytes appended since the spool was opened, counting from the start of the
/// journal file at open. Compaction moves the unshipped tail to a new file whose offset 0 is the logical
/// position `base`; positions handed out never change meaning.
final class SpoolJournal: Sendable {
    struct Settings: Sendable {
        var syncInterval: Duration
        var capacity: Int
        var compactAfterBytes: Int
    }

    /// Told, on the journal thread, of the entries a write added (with their logical ends) before their
    /// callers resume.
    typealias Written = @Sendable ([(entry: SpoolEntry, end: Int)]) -> Void
    /// Told, on the syncer's thread, once the shipper can read what a sync made durable.
    typealias Readable = @Sendable () -> Void

    private struct Append {
        let lines: [[UInt8]]
        let entries: [SpoolEntry]
        let done: @Sendable (Result<Int, any Error>) -> Void
    }

    private enum Request {
        case read(from: Int, maxBytes: Int, done: @Sendable (Result<[UInt8], any Error>) -> Void)
        case advance(to: Int, done: @Sendable () -> Void)
    }

    private struct State {
        var appends: [Append] = []
        var requests: [Request] = []
        var stopped = false
        var journal: Int32
        var generation: Int
        var base = 0
        /// Logical end of what is written (and read back by a process that opens the spool after a crash).
        var writtenEnd: Int
        /// Logical end of what is synced: what the shipper may read.
        var durableEnd: Int
        var shipped: Int
        /// A failed batch could not be cut back: cut before the next write, or refuse it.
        var needsRepair = false
        var syncs = 0
        var syncFailures = 0
        var syncFailureLogged = false
        var compactions = 0
        var markFailureLogged = false
        var compactionFailureLogged = false
    }

    let files: SpoolFiles
    private let settings: Settings
    private let state: Mutex<State>
    private let shippedMark: Int32
    private let lock: Int32
    private let wake = DispatchSemaphore(value: 0)
    /// Held by a sync and by a compaction, which swaps the file a sync would use.
    private let fileLock = Mutex(())
    private let onWritten: Written
    private let onReadable: Readable
    private let syncer: SpoolSyncer
    /// Opened by the thread as its last act, once the files are closed.
    let ended = Latch()

    init(files: SpoolFiles, scan: JournalScan, lock: Int32, settings: Settings, onWritten: @escaping Written,
         onReadable: @escaping Readable) {
        self.files = files
        self.settings = settings
        self.lock = lock
        self.onWritten = onWritten
        self.onReadable = onReadable
        shippedMark = scan.shippedMark
        // What an earlier process wrote is read back but may not be synced yet: the syncer syncs it first.
        state = Mutex(State(journal: scan.journal, generation: scan.generation, writtenEnd: scan.end, durableEnd: scan.start,
                            shipped: scan.start))
        syncer = SpoolSyncer(interval: settings.syncInterval)
        syncer.start { [unowned self] in syncWritten() }
        if scan.end > scan.start { syncer.written() }
        let thread = Thread { [self] in loop() }
        thread.name = "assist-audit-spool"
        thread.start()
    }

    /// Appends `entries` (written, to be synced within `syncInterval`); returns the logical position just past
    /// the last. Throws when the batch could not be written, the queue is full, or the journal is closed.
    func append(_ entries: [SpoolEntry]) async throws -> Int {
        let lines = entries.map { $0.line() }
        return try await withCheckedThrowingContinuation { continuation in
            let rejection = enqueue { state in
                guard state.appends.count < settings.capacity else {
                    return SpoolError(message: "\(settings.capacity) appends already waiting for the disk")
                }
                state.appends.append(Append(lines: lines, entries: entries, done: { continuation.resume(with: $0) }))
                return nil
            }
            if let rejection { continuation.resume(throwing: rejection) }
        }
    }

    /// Up to `maxBytes` of durable journal from logical position `from` (which must not be behind what has
    /// been shipped).
    func read(from: Int, maxBytes: Int) async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            let rejection = enqueue { state in
                state.requests.append(.read(from: from, maxBytes: maxBytes, done: { continuation.resume(with: $0) }))
                return nil
            }
            if let rejection { continuation.resume(throwing: rejection) }
        }
    }

    /// Records that everything before logical position `end` is in the remote store: the shipped mark is
    /// rewritten and synced, and the journal compacted once enough of it is shipped. A mark that cannot be
    /// written is logged once and otherwise ignored: the rows are shipped, and at worst shipped again.
    func advance(to end: Int) async {
        await withCheckedContinuation { continuation in
            let rejection = enqueue { state in
                state.requests.append(.advance(to: end, done: { continuation.resume() }))
                return nil
            }
            if rejection != nil { continuation.resume() }
        }
    }

    /// Returns once what was written before the call is synced (or the journal has closed).
    func sync() async { await syncer.syncNow() }

    /// Logical positions: shipped, synced, and written.
    var positions: (shipped: Int, durable: Int, written: Int) { state.withLock { ($0.shipped, $0.durableEnd, $0.writtenEnd) } }
    /// Syncs that made written bytes durable, so far; and syncs that failed.
    var syncs: Int { state.withLock { $0.syncs } }
    var syncFailures: Int { state.withLock { $0.syncFailures } }
    var compactions: Int { state.withLock { $0.compactions } }
    /// The current journal file's path.
    var path: String { files.journal(state.withLock { $0.generation }) }

    /// Lets what is queued finish, then closes the files (releasing the lock) and ends the thread; later work
    /// fails. Returns at once; `ended` opens when the thread is gone.
    func shutdown() {
        state.withLock { $0.stopped = true }
        wake.signal()
    }

    /// Queues work unless stopped; `add` returns an error to refuse it.
    private func enqueue(_ add: (inout State) -> SpoolError?) -> SpoolError? {
        let (rejection, first) = state.withLock { state -> (SpoolError?, Bool) in
            guard !state.stopped else { return (SpoolError(message: "the journal is closed"), false) }
            if let rejection = add(&state) { return (rejection, false) }
            return (nil, state.appends.count + state.requests.count == 1)
        }
        if first { wake.signal() }  // the thread drains everything it finds; it only sleeps when there is nothing
        return rejection
    }

    private func loop() {
        while true {
            let (appends, requests, stopped) = state.withLock { state in
                defer { (state.appends, state.requests) = ([], []) }
                return (state.appends, state.requests, state.stopped)
            }
            if appends.isEmpty && requests.isEmpty {
                if stopped { break }
                wake.wait()
                continue
            }
            if !appends.isEmpty { write(appends) }
            for request in requests { handle(request) }
        }
        syncer.stopAndWait()  // its last sync makes everything written durable before the files close
        close(state.withLock { $0.journal })
        close(shippedMark)
        close(lock)
        ended.open()
    }

    private func write(_ appends: [Append]) {
        let (journal, fileEnd, base, needsRepair) = state.withLock { ($0.journal, $0.writtenEnd - $0.base, $0.base, $0.needsRepair) }
        let path = files.journal(state.withLock { $0.generation })
        do {
            if needsRepair {
                guard ftruncate(journal, off_t(fileEnd)) == 0 else { throw SpoolError("cannot cut back a failed write in", path) }
                state.withLock { $0.needsRepair = false }
            }
            try FileIO.write(journal, appends.flatMap { $0.lines.joined() }, at: fileEnd, path: path)
        } catch {
            // Cut the batch off, so that nothing of it is ever read back; if even that fails, before the next write.
            if ftruncate(journal, off_t(fileEnd)) != 0 { state.withLock { $0.needsRepair = true } }
            for append in appends { append.done(.failure(error)) }
            return
        }
        var position = base + fileEnd
        var written: [(entry: SpoolEntry, end: Int)] = []
        var ends: [Int] = []
        for append in appends {
            for (entry, line) in zip(append.entries, append.lines) {
                position += line.count
                written.append((entry, position))
            }
            ends.append(position)
        }
        onWritten(written)
        state.withLock { $0.writtenEnd = position }
        syncer.written()
        for (append, end) in zip(appends, ends) { append.done(.success(end)) }
    }

    /// Syncs what is written and makes it durable, then tells the shipper; on the syncer's thread. A failed
    /// sync is counted and logged once per run of failures, and tried again after the next interval: the
    /// bytes stay unshipped (not durable) until a sync succeeds.
    private func syncWritten() {
        let synced = fileLock.withLock { _ -> Bool in
            let (journal, end, durable, generation) = state.withLock { ($0.journal, $0.writtenEnd, $0.durableEnd, $0.generation) }
            guard end > durable else { return false }
            guard fdatasync(journal) == 0 else {
                let error = SpoolError("cannot sync", files.journal(generation))
                if state.withLock({ state in
                    state.syncFailures += 1
                    defer { state.syncFailureLogged = true }
                    return !state.syncFailureLogged
                }) {
                    SpoolLog.warning("\(error); rows stay in the journal, unshipped, until a sync succeeds")
                }
                syncer.written()  // tried again after the interval
                return false
            }
            state.withLock { state in
                state.durableEnd = max(state.durableEnd, end)
                state.syncs += 1
                state.syncFailureLogged = false
            }
            return true
        }
        if synced { onReadable() }
    }

    private func handle(_ request: Request) {
        switch request {
        case .read(let from, let maxBytes, let done):
            let (journal, base, durableEnd, generation) = state.withLock { ($0.journal, $0.base, $0.durableEnd, $0.generation) }
            done(Result {
                guard from >= base else { throw SpoolError(message: "position \(from) was compacted away") }
                return try FileIO.read(journal, count: max(0, min(maxBytes, durableEnd - from)), at: from - base,
                                       path: files.journal(generation))
            })
        case .advance(let end, let done):
            let (shipped, base, generation) = state.withLock { state in
                state.shipped = max(state.shipped, min(end, state.durableEnd))
                return (state.shipped, state.base, state.generation)
            }
            writeMark(ShippedMark(generation: generation, offset: shipped - base))
            // Each compaction copies no more than it frees, so a long backlog shipped batch by batch is copied
            // a bounded number of times (linear in all), never once per batch.
            let unshipped = state.withLock { $0.writtenEnd } - shipped
            if shipped - base >= max(1, settings.compactAfterBytes), unshipped <= shipped - base { compact() }
            done()
        }
    }

    private func writeMark(_ mark: ShippedMark) {
        do {
            try FileIO.write(shippedMark, mark.bytes, at: 0, path: files.shipped)
            guard fdatasync(shippedMark) == 0 else { throw SpoolError("cannot sync", files.shipped) }
        } catch {
            if state.withLock({ state in defer { state.markFailureLogged = true }; return !state.markFailureLogged }) {
                SpoolLog.warning("\(error); rows already shipped may be shipped again after a restart")
            }
        }
    }

    /// Moves the unshipped tail to the next generation's journal and drops the old one. Run on the thread, so
    /// no append or read is in progress, holding `fileLock`, so no sync either. A failure before the rename
    /// leaves the old journal in use (tried again at the next advance); after it, the new journal is whole
    /// (synced: everything written is durable from then on) and the old one merely left for the next open.
    private func compact() {
        fileLock.withLock { _ in compactLocked() }
    }

    private func compactLocked() {
        let (old, generation, base, shipped, writtenEnd) = state.withLock {
            ($0.journal, $0.generation, $0.base, $0.shipped, $0.writtenEnd)
        }
        let next = generation + 1
        let temporary = files.journal(next) + ".tmp"
        var fresh: Int32 = -1
        do {
            fresh = try files.open(temporary, flags: O_RDWR | O_CREAT | O_TRUNC)
            var offset = shipped - base
            while offset < writtenEnd - base {
                let chunk = try FileIO.read(old, count: min(1 << 20, writtenEnd - base - offset), at: offset, path: files.journal(generation))
                guard !chunk.isEmpty else { throw SpoolError(message: "journal shorter than its written end") }
                try FileIO.write(fresh, chunk, at: offset - (shipped - base), path: temporary)
                offset += chunk.count
            }
            guard fdatasync(fresh) == 0 else { throw SpoolError("cannot sync", temporary) }
            guard rename(temporary, files.journal(next)) == 0 else { throw SpoolError("cannot rename", temporary) }
        } catch {
            if fresh >= 0 { close(fresh) }
            unlink(temporary)
            if state.withLock({ state in defer { state.compactionFailureLogged = true }; return !state.compactionFailureLogged }) {
                SpoolLog.warning("cannot compact: \(error); the journal keeps growing until it can")
            }
            return
        }
        // The new journal is whole either way; syncing the directory makes the switch survive a machine's crash.
        do {
            try files.syncDirectory()
        } catch {
            SpoolLog.warning("\(error); after a crash of the machine the journal may be found as it was before this compaction")
        }
        state.withLock { state in
            state.journal = fresh
            state.generation = next
            state.base = shipped
            state.needsRepair = false  // the new file ends at the written end
            state.durableEnd = max(state.durableEnd, writtenEnd)  // and is synced up to it
            state.compactions += 1
            state.compactionFailureLogged = false
        }
        writeMark(ShippedMark(generation: next, offset: 0))
        close(old)
        unlink(files.journal(generation))
    }
}

/// The spool's log lines, in the process's log where operators read the gateway's.
enum SpoolLog {
    static let logger = Logger(label: "audit spool")
    static func warning(_ message: String) { logger.warning(message) }
}
