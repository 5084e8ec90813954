import AssistTelemetry
import AssistServices
import Dispatch
import Foundation
import Glibc
import Synchronization

/// The audit spool's journal file: appends on the caller's thread; reads for the shipper, and the shipped mark
/// with compaction, on the journal's own thread; a second thread (`SpoolSyncer`) syncs it in the background.
///
/// **Appends are written, then synced off the request's path.** A caller writes its lines with one `pwrite`
/// at the end of the file, under `appendLock`, and has the position just past its entries: no hand-off to
/// another thread and back, as the request journal of SQLite storage writes (issue 29). What is written
/// survives the process's crash (it is in the kernel's page cache): the guarantee of a SQLite commit with
/// `synchronous=NORMAL`, which is what SQLite storage gives, so both storage modes promise the same. The syncer
/// `fdatasync`s within `syncInterval`, one sync for every write of the interval; only synced bytes are
/// *durable*, and only they are shipped, so a shipped mark never points past what a power loss could leave. A
/// write that fails fails its caller, and the file is cut back to its last written end, so a failed write
/// never leaves part of a line for the next to follow.
///
/// **Files and threads.** Appends write; the journal thread reads and compacts; the syncer only syncs. A
/// compaction copies the unshipped tail without holding up appends, then, under `appendLock`, copies what was
/// appended meanwhile and swaps the file. The old file is closed under `fileLock`, which a sync holds, so a
/// sync never syncs a closed file, and a sync of the old file makes nothing of the new one durable.
///
/// **Positions** are logical: bytes appended since the spool was opened, counting from the start of the
/// journal file at open. Compaction moves the unshipped tail to a new file whose offset 0 is the logical
/// position `base`; positions handed out never change meaning.
final class SpoolJournal: Sendable {
    struct Settings: Sendable {
        var syncInterval: Duration
        var compactAfterBytes: Int
    }

    /// Told, under `appendLock` (so in journal order), of the entries a write added, with their logical ends,
    /// before `append` returns.
    typealias Written = @Sendable ([(entry: SpoolEntry, end: Int)]) -> Void
    /// Told, on the syncer's thread, once the shipper can read what a sync made durable.
    typealias Readable = @Sendable () -> Void

    private enum Request {
        case read(from: Int, maxBytes: Int, done: @Sendable (Result<[UInt8], any Error>) -> Void)
        case advance(to: Int, done: @Sendable () -> Void)
    }

    private struct State {
        var requests: [Request] = []
        /// Set by `shutdown`: appends and the thread's new work are refused from then on.
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
    /// Held by an append's write and by a compaction's swap of the file it writes to.
    private let appendLock = Mutex(())
    /// Held by a sync, and by the closing of a file a sync may be using.
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
        NamedThread.start("assist-spool") { [self] in loop() }
    }

    /// Appends `entries` with one `pwrite` (to be synced within `syncInterval`); returns the logical position
    /// just past the last. Throws when they could not be written (nothing of them is left in the file) or the
    /// journal is closed.
    func append(_ entries: [SpoolEntry]) throws -> Int {
        let lines = entries.map { $0.line() }
        return try appendLock.withLock { _ in
            let (journal, fileEnd, base, generation, needsRepair, stopped) = state.withLock {
                ($0.journal, $0.writtenEnd - $0.base, $0.base, $0.generation, $0.needsRepair, $0.stopped)
            }
            guard !stopped else { throw SpoolError(message: "the journal is closed") }
            let path = files.journal(generation)
            do {
                if needsRepair {
                    guard ftruncate(journal, off_t(fileEnd)) == 0 else { throw SpoolError("cannot cut back a failed write in", path) }
                    state.withLock { $0.needsRepair = false }
                }
                try FileIO.write(journal, lines.flatMap { $0 }, at: fileEnd, path: path)
            } catch {
                // Cut the write off, so that nothing of it is ever read back; if even that fails, before the next one.
                if ftruncate(journal, off_t(fileEnd)) != 0 { state.withLock { $0.needsRepair = true } }
                throw error
            }
            var position = base + fileEnd
            var written: [(entry: SpoolEntry, end: Int)] = []
            written.reserveCapacity(entries.count)
            for (entry, line) in zip(entries, lines) {
                position += line.count
                written.append((entry, position))
            }
            onWritten(written)
            state.withLock { $0.writtenEnd = position }
            syncer.written()
            return position
        }
    }

    /// Up to `maxBytes` of durable journal from logical position `from` (which must not be behind what has
    /// been shipped).
    func read(from: Int, maxBytes: Int) async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            if !enqueue(.read(from: from, maxBytes: maxBytes, done: { continuation.resume(with: $0) })) {
                continuation.resume(throwing: SpoolError(message: "the journal is closed"))
            }
        }
    }

    /// Records that everything before logical position `end` is in the remote store: the shipped mark is
    /// rewritten and synced, and the journal compacted once enough of it is shipped. A mark that cannot be
    /// written is logged once and otherwise ignored: the rows are shipped, and at worst shipped again.
    func advance(to end: Int) async {
        await withCheckedContinuation { continuation in
            if !enqueue(.advance(to: end, done: { continuation.resume() })) { continuation.resume() }
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

    /// Refuses appends from now on, lets the thread's queued work finish, then closes the files (releasing the
    /// lock) and ends the thread; later work fails. Returns at once; `ended` opens when the thread is gone.
    func shutdown() {
        state.withLock { $0.stopped = true }
        wake.signal()
    }

    /// Queues `request` for the thread; false, and nothing queued, once stopped.
    private func enqueue(_ request: Request) -> Bool {
        let (queued, first) = state.withLock { state -> (Bool, Bool) in
            guard !state.stopped else { return (false, false) }
            state.requests.append(request)
            return (true, state.requests.count == 1)
        }
        if first { wake.signal() }  // the thread drains everything it finds; it only sleeps when there is nothing
        return queued
    }

    private func loop() {
        while true {
            let (requests, stopped) = state.withLock { state in
                defer { state.requests = [] }
                return (state.requests, state.stopped)
            }
            if requests.isEmpty {
                if stopped { break }
                wake.wait()
                continue
            }
            for request in requests { handle(request) }
        }
        // Stopped, so no append writes from here on once one in progress has finished (taking the lock waits for
        // it); the syncer's last sync then makes everything written durable before the files close.
        appendLock.withLock { _ in }
        syncer.stopAndWait()
        close(state.withLock { $0.journal })
        close(shippedMark)
        close(lock)
        ended.open()
    }

    /// Syncs what is written and makes it durable, then tells the shipper; on the syncer's thread. A failed
    /// sync is counted and logged once per run of failures, and tried again after the next interval: the
    /// bytes stay unshipped (not durable) until a sync succeeds. A sync of a file a compaction has since
    /// replaced makes nothing durable and is followed by another.
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
            let current = state.withLock { state in
                guard state.generation == generation else { return false }
                state.durableEnd = max(state.durableEnd, end)
                state.syncs += 1
                state.syncFailureLogged = false
                return true
            }
            if !current { syncer.written() }
            return current
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
    /// no read is in progress and the shipped mark stands still. The tail as written when it starts is copied and
    /// synced while appends go on; then, under `appendLock`, what they added meanwhile is copied and the new
    /// file renamed into place and swapped in. A failure before the rename leaves the old journal in use (tried
    /// again at the next advance); after it, the new journal is whole (durable up to the synced copy, the rest
    /// at the next sync) and the old one merely left for the next open.
    private func compact() {
        let (old, generation, base, shipped, snapshot) = state.withLock {
            ($0.journal, $0.generation, $0.base, $0.shipped, $0.writtenEnd)
        }
        let next = generation + 1
        let temporary = files.journal(next) + ".tmp"
        let oldPath = files.journal(generation)
        var fresh: Int32 = -1
        do {
            fresh = try files.open(temporary, flags: O_RDWR | O_CREAT | O_TRUNC)
            try copy(old, oldPath, from: shipped - base, to: snapshot - base, into: fresh, temporary, shift: shipped - base)
            guard fdatasync(fresh) == 0 else { throw SpoolError("cannot sync", temporary) }
            try appendLock.withLock { _ in
                let writtenEnd = state.withLock { $0.writtenEnd }
                try copy(old, oldPath, from: snapshot - base, to: writtenEnd - base, into: fresh, temporary, shift: shipped - base)
                guard rename(temporary, files.journal(next)) == 0 else { throw SpoolError("cannot rename", temporary) }
                state.withLock { state in
                    state.journal = fresh
                    state.generation = next
                    state.base = shipped
                    state.needsRepair = false  // the new file ends at the written end
                    state.durableEnd = snapshot  // synced up to the snapshot; what follows at the next sync
                    state.compactions += 1
                    state.compactionFailureLogged = false
                }
                if writtenEnd > snapshot { syncer.written() }
            }
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
        writeMark(ShippedMark(generation: next, offset: 0))
        fileLock.withLock { _ in _ = close(old) }  // a sync in progress may be using it
        unlink(oldPath)
    }

    /// Copies bytes `start..<end` of file `source` to `destination`, each at its offset less `shift`.
    private func copy(_ source: Int32, _ sourcePath: String, from start: Int, to end: Int, into destination: Int32,
                      _ destinationPath: String, shift: Int) throws {
        var offset = start
        while offset < end {
            let chunk = try FileIO.read(source, count: min(1 << 20, end - offset), at: offset, path: sourcePath)
            guard !chunk.isEmpty else { throw SpoolError(message: "journal shorter than its written end") }
            try FileIO.write(destination, chunk, at: offset - shift, path: destinationPath)
            offset += chunk.count
        }
    }
}

/// The spool's log lines, in the process's log where operators read the gateway's.
enum SpoolLog {
    static let logger = Logger(label: "audit spool")
    static func warning(_ message: String) { logger.warning(message) }
}
