public import AssistServices
import CSQLite
import Foundation
import Synchronization

/// Checkpoints a WAL database from its own connection on its own thread, once a second.
///
/// SQLite's automatic checkpoint runs inside whichever commit crosses the threshold and ends with an
/// fsync: on the request path that is a multi-millisecond stall for an unlucky request. A passive
/// checkpoint on a second connection copies the same pages without blocking the writer. The thread keeps
/// this object alive until it ends.
///
/// A `Service` owned by its `SQLiteDatabase`: the thread starts with the database, since automatic
/// checkpoints are then off and the log must not grow unchecked whether or not anyone runs this;
/// `shutdown()` (also called when the database goes) ends it within a tenth of a second, and `run()`
/// returns once the thread has closed its connection and ended.
public final class WALCheckpointer: Service {
    public let name = "WAL checkpointer"
    private let stopped = Atomic<Bool>(false)
    private let ended = Latch()

    init(path: String, interval: Duration = .seconds(1)) throws {
        var opened: OpaquePointer?
        guard sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let opened else {
            if let opened { sqlite3_close(opened) }
            throw SQLiteDatabase.Error(message: "\(path): cannot open a checkpoint connection")
        }
        let handle = SQLiteHandle(pointer: opened)
        sqlite3_busy_timeout(opened, 1000)
        let thread = Thread { [self] in
            let tick = UInt32(min(interval, .milliseconds(100)).components.attoseconds / 1_000_000_000_000)
            var waited = Duration.zero
            while !stopped.load(ordering: .relaxed) {
                usleep(tick)
                waited += .microseconds(Int(tick))
                guard waited >= interval else { continue }
                waited = .zero
                sqlite3_wal_checkpoint_v2(handle.pointer, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            }
            sqlite3_close(handle.pointer)
            ended.open()
        }
        thread.name = "assist-wal-checkpoint"
        thread.start()
    }

    /// Returns once the thread has ended after `shutdown()`.
    public func run() async { await ended.wait(onCancel: shutdown) }

    public func shutdown() { stopped.store(true, ordering: .relaxed) }
}

/// `@unchecked Sendable`: handed to the checkpoint thread once and used only there.
private struct SQLiteHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
