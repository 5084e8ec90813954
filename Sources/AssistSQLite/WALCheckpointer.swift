import AssistTelemetry
public import AssistServices
import CSQLite
import Dispatch
import Foundation
import Synchronization

/// Keeps a WAL database's log bounded, from its own connection on its own thread.
///
/// SQLite's automatic checkpoint runs inside whichever commit crosses the threshold and ends with an
/// fsync: on the request path that is a multi-millisecond stall for an unlucky request. So automatic
/// checkpoints are off, and this thread does the work instead:
/// - every `interval`, a passive checkpoint copies committed pages into the database without blocking
///   the writer;
/// - under steady writes a passive checkpoint never reaches the end of the log, so the log would never
///   restart and would grow by every page written (1.6 GB in five seconds of audited 401s). When the log
///   passes half of `sizeLimit` — the writer's commit hook says so at once, without a system call — a
///   passive checkpoint copies what it can, then writes pause (the database's own lock is fair, where
///   SQLite's busy wait would starve this thread) while a truncating checkpoint copies the rest and empties
///   the log. The pause is the one cost on the request path.
/// - should this thread be starved of CPU while a writer runs on, the writer empties a log that reached
///   `sizeLimit` itself, inside its commit (`limitFrames`): the bound does not depend on scheduling.
///
/// A `Service` owned by its `SQLiteDatabase`: the thread starts with the database, since the log must not
/// grow unchecked whether or not anyone runs this; `shutdown()` (also called when the database goes) ends
/// it promptly, and `run()` returns once the thread has closed its connection and ended.
public final class WALCheckpointer: Service {
    public let name = "WAL checkpointer"
    private let stopped = Atomic<Bool>(false)
    /// Set by the commit hook when the log is past its trigger; cleared by the thread when it acts.
    private let pressing = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)
    private let ended = Latch()
    /// Log frames past which writes pause for a truncating checkpoint.
    let triggerFrames: Int32
    /// Log frames past which the writer empties the log itself, inside its commit: the bound holds even when
    /// this thread is starved of CPU (a writer on a busy machine outruns it).
    let limitFrames: Int32

    /// - Parameters:
    ///   - interval: time between passive checkpoints.
    ///   - sizeLimit: the log is emptied before it grows past about this many bytes.
    ///   - withWritesPaused: runs its argument while the database's own connection writes nothing.
    init(path: String, interval: Duration = .seconds(1), sizeLimit: Int = 64 << 20,
         withWritesPaused: @escaping @Sendable (() -> Void) -> Void) throws {
        var opened: OpaquePointer?
        guard sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let opened else {
            if let opened { sqlite3_close(opened) }
            throw SQLiteDatabase.Error(message: "\(path): cannot open a checkpoint connection")
        }
        sqlite3_busy_timeout(opened, 1000)
        // A connection learns that a database is in WAL mode when it first reads it; until then a checkpoint
        // through it does nothing (and says SQLITE_OK). Read the mode now; refuse a database not in WAL.
        guard Self.pragma("journal_mode", opened) == "wal", let pageSize = Int(Self.pragma("page_size", opened)), pageSize > 0 else {
            sqlite3_close(opened)
            throw SQLiteDatabase.Error(message: "\(path): not in WAL mode; nothing to checkpoint")
        }
        triggerFrames = Int32(clamping: max(16, sizeLimit / 2 / pageSize))
        limitFrames = Int32(clamping: max(32, sizeLimit / pageSize))
        let handle = SQLiteHandle(pointer: opened)
        NamedThread.start("assist-wal") { [self] in
            loop(handle.pointer, interval: interval, withWritesPaused: withWritesPaused)
            sqlite3_close(handle.pointer)
            ended.open()
        }
    }

    /// The writer's commit hook: the log now holds `frames` frames. Wakes the thread, once, past the trigger.
    func logGrew(to frames: Int32) {
        guard frames >= triggerFrames, !pressing.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wake.signal()
    }

    /// The log has passed the trigger and a checkpoint is due: writers should leave the log to the thread.
    var isPressing: Bool { pressing.load(ordering: .relaxed) }

    /// Returns once the thread has ended after `shutdown()`.
    public func run() async { await ended.wait(onCancel: shutdown) }

    public func shutdown() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wake.signal()
    }

    private func loop(_ handle: OpaquePointer, interval: Duration, withWritesPaused: (() -> Void) -> Void) {
        let nanoseconds = Int(interval.components.seconds) * 1_000_000_000 + Int(interval.components.attoseconds / 1_000_000_000)
        var failing = false
        while !stopped.load(ordering: .acquiring) {
            let woken = wake.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success
            if stopped.load(ordering: .acquiring) { break }
            var code: Int32
            if woken, pressing.exchange(false, ordering: .acquiringAndReleasing) {
                // Most of the log is copied without pausing anyone; writes pause only for what came meanwhile.
                code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
                withWritesPaused { code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil) }
            } else {
                code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            }
            // Busy is normal under a reader; anything else is worth a line, once per run of failures.
            let failed = code != SQLITE_OK && code != SQLITE_BUSY
            if failed, !failing {
                Logger().warning("WAL checkpoint failed: \(String(cString: sqlite3_errmsg(handle)))")
            }
            failing = failed
        }
    }

    /// A pragma's value as text ("" when it cannot be read).
    private static func pragma(_ name: String, _ handle: OpaquePointer) -> String {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, "PRAGMA \(name)", -1, &statement, nil) == SQLITE_OK, let statement else { return "" }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return "" }
        return String(cString: text).lowercased()
    }
}

/// `@unchecked Sendable`: handed to the checkpoint thread once and used only there.
private struct SQLiteHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
