import AssistTelemetry
import AssistServices
import Dispatch
import Foundation
import Glibc
import Synchronization

/// The audit spool's journal file, owned by one thread: appends with group commit, reads for the shipper,
/// and the shipped mark with compaction. Nothing else touches the files, so no lock is held across I/O.
///
/// **Group commit.** Callers encode their lines and queue them; the thread takes every append waiting, writes
/// them in one `pwrite` at the end of the file, `fdatasync`s once and only then resumes the callers, each with
/// the position just past its entries. A sync starts no sooner than `groupWindow` after the previous one: under
/// load, what arrives during a sync and the window after it shares the next sync; a lone append after a quiet
/// spell is synced at once. A batch that cannot be written or synced fails all its callers, and the file is
/// cut back to its last synced end, so a failed batch never leaves part of a line for the next to follow.
///
/// **Positions** are logical: bytes appended since the spool was opened, counting from the start of the
/// journal file at open. Compaction moves the unshipped tail to a new file whose offset 0 is the logical
/// position `base`; positions handed out never change meaning.
final class SpoolJournal: Sendable {
    struct Settings: Sendable {
        var groupWindow: Duration
        var capacity: Int
        var compactAfterBytes: Int
    }

    /// Told, on the journal thread, of the entries a sync made durable (with their logical ends) before their
    /// callers resume and before the shipper can read them.
    typealias Durable = @Sendable ([(entry: SpoolEntry, end: Int)]) -> Void
    /// Told, on the journal thread, once the shipper can read what a sync made durable.
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
        var durableEnd: Int
        var shipped: Int
        /// A failed batch could not be cut back: cut before the next write, or refuse it.
        var needsRepair = false
        var syncs = 0
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
    private let onDurable: Durable
    private let onReadable: Readable
    /// Opened by the thread as its last act, once the files are closed.
    let ended = Latch()

    init(files: SpoolFiles, scan: JournalScan, lock: Int32, settings: Settings, onDurable: @escaping Durable,
         onReadable: @escaping Readable) {
        self.files = files
        self.settings = settings
        self.lock = lock
        self.onDurable = onDurable
        self.onReadable = onReadable
        shippedMark = scan.shippedMark
        state = Mutex(State(journal: scan.journal, generation: scan.generation, durableEnd: scan.end, shipped: scan.start))
        let thread = Thread { [self] in loop() }
        thread.name = "assist-audit-spool"
        thread.start()
    }

    /// Appends `entries` durably; returns the logical position just past the last. Throws when the batch could
    /// not be written or synced, the queue is full, or the journal is closed.
    func append(_ entries: [SpoolEntry]) async throws -> Int {
        let lines = try entries.map { try $0.line() }
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

    /// Logical positions: shipped, and durably journaled.
    var positions: (shipped: Int, durable: Int) { state.withLock { ($0.shipped, $0.durableEnd) } }
    /// Syncs of appended batches so far.
    var syncs: Int { state.withLock { $0.syncs } }
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
        var lastSync = ContinuousClock.now - settings.groupWindow
        while true {
            var (appends, requests, stopped) = state.withLock { state in
                defer { (state.appends, state.requests) = ([], []) }
                return (state.appends, state.requests, state.stopped)
            }
            if appends.isEmpty && requests.isEmpty {
                if stopped { break }
                wake.wait()
                continue
            }
            if !appends.isEmpty {
                let next = lastSync + settings.groupWindow
                if ContinuousClock.now < next {
                    let wait = (next - ContinuousClock.now).components
                    Thread.sleep(forTimeInterval: Double(wait.seconds) + Double(wait.attoseconds) / 1e18)
                    appends += state.withLock { state in
                        defer { state.appends = [] }
                        return state.appends
                    }
                }
                lastSync = .now
                commit(appends)
            }
            for request in requests { handle(request) }
        }
        close(state.withLock { $0.journal })
        close(shippedMark)
        close(lock)
        ended.open()
    }

    private func commit(_ appends: [Append]) {
        let (journal, fileEnd, base, needsRepair) = state.withLock { ($0.journal, $0.durableEnd - $0.base, $0.base, $0.needsRepair) }
        let path = files.journal(state.withLock { $0.generation })
        do {
            if needsRepair {
                guard ftruncate(journal, off_t(fileEnd)) == 0 else { throw SpoolError("cannot cut back a failed write in", path) }
                state.withLock { $0.needsRepair = false }
            }
            try FileIO.write(journal, appends.flatMap { $0.lines.joined() }, at: fileEnd, path: path)
            guard fdatasync(journal) == 0 else { throw SpoolError("cannot sync", path) }
        } catch {
            // Cut the batch off, so that nothing of it is ever read back; if even that fails, before the next write.
            if ftruncate(journal, off_t(fileEnd)) != 0 { state.withLock { $0.needsRepair = true } }
            for append in appends { append.done(.failure(error)) }
            return
        }
        var position = base + fileEnd
        var durable: [(entry: SpoolEntry, end: Int)] = []
        var ends: [Int] = []
        for append in appends {
            for (entry, line) in zip(append.entries, append.lines) {
                position += line.count
                durable.append((entry, position))
            }
            ends.append(position)
        }
        onDurable(durable)
        state.withLock { state in
            state.durableEnd = position
            state.syncs += 1
        }
        onReadable()
        for (append, end) in zip(appends, ends) { append.done(.success(end)) }
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
            let unshipped = state.withLock { $0.durableEnd } - shipped
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
    /// no append or read is in progress. A failure before the rename leaves the old journal in use (tried again
    /// at the next advance); after it, the new journal is whole and the old one merely left for the next open.
    private func compact() {
        let (old, generation, base, shipped, durableEnd) = state.withLock {
            ($0.journal, $0.generation, $0.base, $0.shipped, $0.durableEnd)
        }
        let next = generation + 1
        let temporary = files.journal(next) + ".tmp"
        var fresh: Int32 = -1
        do {
            fresh = try files.open(temporary, flags: O_RDWR | O_CREAT | O_TRUNC)
            var offset = shipped - base
            while offset < durableEnd - base {
                let chunk = try FileIO.read(old, count: min(1 << 20, durableEnd - base - offset), at: offset, path: files.journal(generation))
                guard !chunk.isEmpty else { throw SpoolError(message: "journal shorter than its synced end") }
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
        try? files.syncDirectory()  // the new journal is whole either way; this makes the switch survive a crash
        state.withLock { state in
            state.journal = fresh
            state.generation = next
            state.base = shipped
            state.needsRepair = false  // the new file ends at the synced end
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
