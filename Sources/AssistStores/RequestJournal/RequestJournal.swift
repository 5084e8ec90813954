public import AssistGateway
public import AssistSQLite
public import Foundation
import Glibc
import Synchronization

/// What a gateway on SQLite storage writes on a request's path instead of committing: its quota changes and its
/// audit rows, appended to one file in the data directory (`requests.journal`) with one `write`, and held in
/// memory until `RequestJournalShipper` has them in SQLite (issue 32, item 3).
///
/// A `write` to the file is in the kernel's page cache when it returns, so it survives the process dying (a
/// SIGKILL, a crash), as a commit with `synchronous=NORMAL` does, and, as that commit, not the machine losing
/// power. Opening the journal replays what an earlier process wrote and SQLite does not have yet: every entry
/// carries a sequence number, and SQLite keeps the last one it applied (`request_journal.applied`) in the same
/// transaction as the entries, so a replay applies each entry exactly once. One process owns a data directory's
/// journal (an exclusive `flock` on `requests.journal.lock`), which is also what lets the quota's authority be in
/// that process's memory (`JournaledQuotaStore`).
///
/// The file is rewritten, under the journal's lock, once more than `rewriteBytes` of it has been applied: the
/// entries still waiting are written to `requests.journal.tmp`, which is renamed over it.
///
/// Bounds: `maxBacklog` entries waiting for SQLite; past it an append fails (the caller's 503), as does one the
/// file refuses (a full disk), and then the file is cut back to its last whole entry.
public final class RequestJournal: Sendable {
    /// Its limits, as `storage.journal` sets them (`maxBacklog`, `rewriteBytes`; the shipper takes `shipMilliseconds`).
    public typealias Settings = StorageSettings.Journal

    /// An entry and its place in the journal's order.
    public struct Numbered: Sendable, Equatable {
        public let sequence: UInt64
        public let entry: RequestJournalEntry
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    private struct State {
        var descriptor: Int32
        var nextSequence: UInt64
        var backlog: [Numbered] = []
        var fileBytes = 0
        var writes = 0
        var closed = false
    }

    public let path: String
    public let settings: Settings
    /// The entries an earlier process left for SQLite, applied at open (for the start-up log and tests).
    public let replayed: Int
    private let lockDescriptor: Int32
    private let state: Mutex<State>

    /// Opens (creating) `directory`'s journal, owning it, and applies to `database` what an earlier process left
    /// there. Throws when another process owns it, or when it cannot be read, written or applied.
    public init(directory: URL, database: SQLiteDatabase, settings: Settings = Settings()) throws {
        path = directory.appendingPathComponent("requests.journal").path
        self.settings = settings
        lockDescriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lockDescriptor >= 0 else { throw Self.failure("cannot open \(path).lock") }
        guard flock(lockDescriptor, LOCK_EX | LOCK_NB) == 0 else {
            Glibc.close(lockDescriptor)
            throw Failure(description: "another assist process is serving the data directory \(directory.path) "
                          + "(its request journal is locked); one process owns a data directory with SQLite storage")
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            Glibc.close(lockDescriptor)
            throw Self.failure("cannot open \(path)")
        }
        do {
            let found = try Self.readEntries(descriptor)
            let applied = try RequestJournalApplier.replay(found, into: database)
            replayed = applied.count
            guard ftruncate(descriptor, 0) == 0 else { throw Self.failure("cannot empty \(path) after its replay") }
            state = Mutex(State(descriptor: descriptor, nextSequence: max(applied.last, found.map(\.sequence).max() ?? 0) + 1))
        } catch {
            Glibc.close(descriptor)
            Glibc.close(lockDescriptor)
            throw error
        }
    }

    deinit { close() }

    /// Writes `entry` to the file in one `write`, then holds it for SQLite; throws when the backlog is full, the
    /// journal is closed, or the file refuses it (then nothing of it is left in the file).
    public func append(_ entry: RequestJournalEntry) throws { try append(CollectionOfOne(entry)) }

    /// Writes `entries` to the file as one line in one `write` (a group: a replay finds all of them or, from a line a
    /// crash tore, none), then holds them for SQLite; all or none, as `append(_:)` for one.
    public func append<Entries: Collection<RequestJournalEntry>>(_ entries: Entries) throws {
        guard !entries.isEmpty else { return }
        try state.withLock { state in
            guard !state.closed else { throw Failure(description: "the request journal is closed") }
            guard entries.count <= settings.maxBacklog - state.backlog.count else {
                throw Failure(description: "the request journal holds \(settings.maxBacklog) entries SQLite has not taken yet")
            }
            let first = state.nextSequence
            let bytes = RequestJournalEntry.line(entries, first: first)
            state.nextSequence += UInt64(entries.count)
            state.writes += 1
            if let error = Self.writeAll(bytes, to: state.descriptor) {
                // Cut back to the last whole line, so that the next append does not follow a torn one.
                _ = ftruncate(state.descriptor, off_t(state.fileBytes))
                throw Failure(description: "cannot write \(path): \(error)")
            }
            state.fileBytes += bytes.count
            for (offset, entry) in entries.enumerated() {
                state.backlog.append(Numbered(sequence: first + UInt64(offset), entry: entry))
            }
        }
    }

    /// Appends made so far, each one `write` (diagnostics, tests: admission and its `started` row are one).
    public var writes: Int { state.withLock { $0.writes } }

    /// The first `limit` entries waiting for SQLite, oldest first (the shipper's next batch).
    func waiting(limit: Int) -> [Numbered] { state.withLock { Array($0.backlog.prefix(limit)) } }

    /// Entries waiting for SQLite.
    public var backlog: Int { state.withLock { $0.backlog.count } }

    /// SQLite has every entry up to `sequence`: they are no longer held.
    func applied(through sequence: UInt64) {
        state.withLock { state in
            let count = state.backlog.prefix { $0.sequence <= sequence }.count
            state.backlog.removeFirst(count)
        }
    }

    /// Rewrites the file with only the entries still waiting, once it has grown past `rewriteBytes`. The old file
    /// is closed after the lock is given back: it was renamed over, so closing it frees its inode and its pages,
    /// file-system work no append needs to wait for.
    func rewriteIfLarge() throws {
        let replaced: Int32? = try state.withLock { state in
            guard !state.closed, state.fileBytes > settings.rewriteBytes else { return nil }
            let temporary = path + ".tmp"
            let descriptor = open(temporary, O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw Self.failure("cannot create \(temporary)") }
            let bytes = state.backlog.flatMap { $0.entry.line(sequence: $0.sequence) }
            if let error = Self.writeAll(bytes, to: descriptor) {
                Glibc.close(descriptor)
                throw Failure(description: "cannot write \(temporary): \(error)")
            }
            guard rename(temporary, path) == 0 else {
                Glibc.close(descriptor)
                throw Self.failure("cannot rename \(temporary)")
            }
            let replaced = state.descriptor
            state.descriptor = descriptor
            state.fileBytes = bytes.count
            return replaced
        }
        if let replaced { Glibc.close(replaced) }
    }

    /// The file's size as this process wrote it (tests).
    var fileBytes: Int { state.withLock { $0.fileBytes } }

    /// Closes the file and gives up the data directory; later appends fail. What is still waiting stays in the
    /// file for the next start. Idempotent.
    public func close() {
        state.withLock { state in
            guard !state.closed else { return }
            state.closed = true
            Glibc.close(state.descriptor)
            Glibc.close(lockDescriptor)
        }
    }

    // MARK: The file

    /// Every whole entry in the file, in order. A last line without its newline is a write a crash cut short and is
    /// dropped; a damaged line elsewhere is skipped.
    private static func readEntries(_ descriptor: Int32) throws -> [Numbered] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(bytes.count)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read the request journal")
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        var entries: [Numbered] = []
        var start = 0
        while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            for (sequence, entry) in RequestJournalEntry.decode(line: bytes[start..<end]) ?? [] {
                entries.append(Numbered(sequence: sequence, entry: entry))
            }
            start = end + 1
        }
        return entries
    }

    /// Writes all of `bytes`, going on after a short write or a signal; the error's text when the file refuses.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            written += count
        }
        return nil
    }

    private static func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
