import AssistSQLite
import Foundation
import Synchronization
import Testing

/// Database work off the request path: callers suspend while one thread runs their work in batches, each
/// job in a savepoint, one commit per batch; a full queue, a passed deadline and a held lock are errors. A
/// caller that finds the writer idle and every lock free writes at once instead.
@Suite("SQLite work queue")
struct SQLiteWorkQueueTests {
    private static func database(in directory: URL, capacity: Int = 8192, deadline: Duration = .seconds(2)) throws -> SQLiteDatabase {
        var settings = SQLiteWorkQueue.Settings()
        settings.capacity = capacity
        settings.deadline = deadline
        let database = try SQLiteDatabase(path: directory.appendingPathComponent("queue.sqlite").path, workQueue: settings)
        try database.execute("CREATE TABLE IF NOT EXISTS t (x INTEGER PRIMARY KEY)")
        return database
    }

    private static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-queue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// How long the first job of `batchBehindHeldLock` may wait for the lock: a bound, never a wait (the test commits
    /// the holder as soon as the batch has queued), generous so that a loaded machine stalling the test for a couple
    /// of seconds does not time the first job out ("database is locked", seen in a parallel run beside a build).
    private static let heldLockDeadline: Duration = .seconds(30)

    /// The write lock held elsewhere and a first job (inserting 0) waiting on it on the queue's thread: jobs submitted
    /// from here until `holder` commits queue up for one batch behind it.
    private static func batchBehindHeldLock(_ database: SQLiteDatabase, in directory: URL) async throws
        -> (holder: SQLiteDatabase, first: Task<[[SQLiteDatabase.Value]], any Error>) {
        let holder = try holdWriteLock(directory.appendingPathComponent("queue.sqlite").path)
        let first = Task { try await database.perform("INSERT INTO t VALUES (0)") }
        try await Task.sleep(for: .milliseconds(30))
        return (holder, first)
    }

    /// A second connection to the same file holding the write lock, as another process would, until released.
    private static func holdWriteLock(_ path: String) throws -> SQLiteDatabase {
        let other = try SQLiteDatabase(path: path)
        try other.execute("BEGIN IMMEDIATE")
        return other
    }

    @Test("a caller that finds the writer idle and the lock free writes at once on its own thread, in no batch; a failing one rolls back")
    func idleWriterIsBypassed() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try Self.database(in: directory)
        for x in 0..<3 { try await database.perform("INSERT INTO t VALUES (?)", [.integer(Int64(x))]) }
        await #expect(throws: (any Error).self) { try await database.perform("INSERT INTO t VALUES (?)", [.integer(1)]) }
        #expect(try database.query("SELECT count(*) FROM t") == [[.integer(3)]])
        #expect(database.performedAtOnce == 4)
        #expect(database.committedBatches == 0)
    }

    @Test("work that ends its own transaction and fails: the rollback that cannot happen is counted, and the caller gets its own error")
    func failedRollbackIsCounted() async throws {
        struct Refused: Error {}
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try Self.database(in: directory)
        let before = SQLiteDatabase.failedRollbacks
        await #expect(throws: Refused.self) {
            try await database.perform { statements -> Int in
                try statements.query("INSERT INTO t VALUES (7)")
                try statements.query("ROLLBACK")  // the transaction is gone: the caller's ROLLBACK has none to end
                throw Refused()
            }
        }
        #expect(SQLiteDatabase.failedRollbacks > before)
        #expect(try database.query("SELECT count(*) FROM t") == [[.integer(0)]])
        try await database.perform("INSERT INTO t VALUES (?)", [.integer(8)])  // the connection is usable after it
        #expect(try database.query("SELECT x FROM t") == [[.integer(8)]])
    }

    @Test("a caller that finds the write lock held elsewhere does not wait for it on its thread: it is queued, and written once the lock goes")
    func heldLockSendsToTheQueue() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try Self.database(in: directory)
        let holder = try Self.holdWriteLock(directory.appendingPathComponent("queue.sqlite").path)
        let write = Task { _ = try await database.perform("INSERT INTO t VALUES (1)") }
        try await Task.sleep(for: .milliseconds(100))
        // (The database's connection is the queue's now, waiting for the lock: nothing else may use it meanwhile.)
        #expect(database.performedAtOnce == 0)
        try holder.execute("COMMIT")
        try await write.value
        #expect(database.committedBatches == 1)
        #expect(try database.query("SELECT count(*) FROM t") == [[.integer(1)]])
    }

    @Test("concurrent callers are committed together: every row lands, in far fewer commits than callers")
    func groupCommit() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A long deadline: the first batch waits for the lock until every caller has queued, however slowly.
        let database = try Self.database(in: directory, deadline: .seconds(30))
        // The writes queue up behind another connection's lock, then go in together once it is let go.
        let holder = try Self.holdWriteLock(directory.appendingPathComponent("queue.sqlite").path)
        let started = Counter()
        let writes = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for x in 0..<300 {
                    group.addTask {
                        started.value.add(1, ordering: .relaxed)
                        try await database.perform("INSERT INTO t VALUES (?)", [.integer(Int64(x))])
                    }
                }
                try await group.waitForAll()
            }
        }
        // Every caller has queued (or its job is the thread's first batch, waiting for the lock) before it goes.
        let deadline = ContinuousClock.now + .seconds(20)
        while started.value.load(ordering: .relaxed) < 300, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(100))
        #expect(database.performedAtOnce == 0, "a lock held elsewhere sends every caller to the queue")
        try holder.execute("COMMIT")
        try await writes.value
        #expect(try database.query("SELECT count(*) FROM t") == [[.integer(300)]])
        let batches = try #require(database.committedBatches)
        #expect(batches >= 1 && batches < 30, "300 callers in \(batches) commits")
    }

    @Test("a job that fails rolls back alone: its caller gets the error, the batch's other jobs commit")
    func failingJobRollsBackAlone() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try Self.database(in: directory, deadline: Self.heldLockDeadline)
        struct Refused: Error {}
        let (holder, first) = try await Self.batchBehindHeldLock(database, in: directory)  // the three below share a batch
        let failing = Task {
            try await database.perform { statements in
                try statements.query("INSERT INTO t VALUES (1)")
                throw Refused()
            }
        }
        let duplicate = Task { try await database.perform("INSERT INTO t VALUES (2), (2)") }
        let fine = Task { try await database.perform("INSERT INTO t VALUES (3)") }
        try await Task.sleep(for: .milliseconds(100))
        try holder.execute("COMMIT")
        await #expect(throws: Refused.self) { try await failing.value }
        await #expect(throws: SQLiteDatabase.Error.self) { try await duplicate.value }
        _ = try await fine.value
        _ = try await first.value
        #expect(database.committedBatches == 2)  // the first job alone, then the three together
        try database.execute("DELETE FROM t WHERE x = 0")
        #expect(try database.query("SELECT x FROM t ORDER BY x") == [[.integer(3)]])
    }

    @Test("a job that breaks its own savepoint and fails: the whole batch is rolled back and every job in it fails, none told it committed")
    func brokenSavepointFailsTheBatch() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try Self.database(in: directory, deadline: Self.heldLockDeadline)
        struct Refused: Error {}
        let (holder, first) = try await Self.batchBehindHeldLock(database, in: directory)  // the two below share a batch
        let breaking = Task {
            try await database.perform { statements in
                try statements.query("INSERT INTO t VALUES (1)")
                try statements.query("RELEASE job")  // its savepoint is gone: its insert can no longer be undone alone
                throw Refused()
            }
        }
        let fine = Task { try await database.perform("INSERT INTO t VALUES (3)") }
        try await Task.sleep(for: .milliseconds(100))
        try holder.execute("COMMIT")
        _ = try await first.value
        await #expect(throws: (any Error).self) { try await breaking.value }
        await #expect(throws: (any Error).self) { try await fine.value }
        #expect(try database.query("SELECT x FROM t ORDER BY x") == [[.integer(0)]])
        try await database.perform("INSERT INTO t VALUES (4)")  // the queue goes on
        #expect(try database.query("SELECT x FROM t ORDER BY x") == [[.integer(0)], [.integer(4)]])
    }

    @Test("a lock another connection holds past the deadline fails the caller (an error, not a hang); then writes resume")
    func heldLockFailsWithinDeadline() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try Self.database(in: directory, deadline: .milliseconds(300))
        let holder = try Self.holdWriteLock(directory.appendingPathComponent("queue.sqlite").path)
        let started = ContinuousClock.now
        let blocked = Task { try await database.perform("INSERT INTO t VALUES (1)") }
        await #expect(throws: SQLiteDatabase.Error.self) { try await blocked.value }
        let waited = ContinuousClock.now - started
        // The lower bound is the deadline's; the upper only says "an error, not a hang", generously (3× the worst the
        // parallel pass measured, 16.6 s, when its start was stalled).
        #expect(waited >= .milliseconds(250) && waited < .seconds(50), "failed after \(waited)")
        try holder.execute("COMMIT")
        try await database.perform("INSERT INTO t VALUES (2)")
        #expect(try database.query("SELECT x FROM t") == [[.integer(2)]])
    }

    @Test("past its capacity the queue refuses at once, and jobs that waited past their deadline never run")
    func boundedQueue() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try Self.database(in: directory, capacity: 4, deadline: .milliseconds(200))
        let holder = try Self.holdWriteLock(directory.appendingPathComponent("queue.sqlite").path)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for x in 0..<12 {
                group.addTask { (try? await database.perform("INSERT INTO t VALUES (?)", [.integer(Int64(x))])) != nil }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        try holder.execute("COMMIT")
        // The first job blocks on the lock until its busy timeout (the deadline); the ones queued behind it are
        // past their deadline when their turn comes, and the rest found the queue full.
        #expect(outcomes.count == 12)
        #expect(outcomes.allSatisfy { !$0 })
        #expect(try database.query("SELECT count(*) FROM t") == [[.integer(0)]])
    }
}

private final class Counter: Sendable {
    let value = Atomic<Int>(0)
}
