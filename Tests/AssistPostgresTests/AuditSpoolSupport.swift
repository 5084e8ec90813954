import AssistAuditSpool
import AssistGateway
import AssistPostgres
import Foundation
import Glibc

/// A directory of its own for one spool test, removed by `remove()`.
struct SpoolDirectory {
    let path: String
    var spool: String { path + "/audit-spool" }

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("assist-spool-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// The journal files present (`journal.N`), by name.
    func journals() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: spool)) ?? []).filter { $0.hasPrefix("journal.") }.sorted()
    }
}

/// A request's rows as the gateway writes them: `started` at admission, then its end with the same time.
func startedRow(_ id: String, instance: String = "gw_test", at time: Double = 1_700_000_000) -> AuditRecord {
    var row = AuditRecord(requestId: id, time: Date(timeIntervalSince1970: time), user: "u_\(id)", feature: "itinerary_summary",
                          promptVersion: "v1", model: "local-small", trust: "untrusted", status: .started, inputTokens: 120,
                          outputTokens: 256, maskedValues: 1, traceId: "0af7651916cd43dd8448eb211c80319c")  // carried through the journal like every field
    row.instance = instance
    (row.target, row.attempts, row.costMicros) = ("openai-compatible:small", 2, 450)  // so are who answered and its cost
    return row
}

func endedRow(_ started: AuditRecord, _ status: AuditStatus) -> AuditRecord {
    var row = started
    row.status = status
    row.outputTokens = 17
    row.timeToFirstTokenMs = 12.5
    row.totalMs = 80.25
    return row
}

/// The final status a test gives request number `n`.
func finalStatus(_ n: Int) -> AuditStatus { [.ok, .cancelled, .upstreamFailed, .ok][n % 4] }

/// The remote audit log read directly: (request id, status, time) in the order rows were first inserted.
func remoteRows(_ url: String) async throws -> [(id: String, status: String, time: Double)] {
    let client = PostgresClient(url: url)
    defer { client.shutdown() }
    return try await client.query("SELECT request_id, status, time FROM audit_log ORDER BY id").map {
        ($0.text(0) ?? "", $0.text(1) ?? "", $0.double(2) ?? 0)
    }
}

/// Runs a spool's shipper until `stop()`.
final class RunningShipper: Sendable {
    private let task: Task<Void, any Error>
    private let shipper: AuditSpoolShipper

    init(_ store: SpooledAuditStore) {
        shipper = store.shipper
        task = Task { [shipper] in try await shipper.run() }
    }

    func stop() async throws {
        shipper.shutdown()
        try await task.value
    }
}

/// Whether this process may set the immutable attribute (root on ext4 and the like): the honest way to make
/// an open journal unwritable without touching a process-wide limit (`RLIMIT_FSIZE`) that other tests running
/// meanwhile share.
let canMakeImmutable: Bool = {
    guard let directory = try? SpoolDirectory() else { return false }
    defer { directory.remove() }
    let file = directory.path + "/probe"
    _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
    guard setImmutable(file, true) else { return false }
    return setImmutable(file, false)
}()

/// Sets or clears a file's immutable attribute (`chattr +i`) through `FS_IOC_SETFLAGS`: even root's writes to
/// a descriptor opened before then fail with EPERM.
@discardableResult
func setImmutable(_ path: String, _ on: Bool) -> Bool {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    let getFlags: UInt = 0x8008_6601, setFlags: UInt = 0x4008_6602, immutable: Int32 = 0x10
    var flags: Int32 = 0
    guard ioctl(fd, getFlags, &flags) == 0 else { return false }
    flags = on ? flags | immutable : flags & ~immutable
    return ioctl(fd, setFlags, &flags) == 0
}

/// Opens the spool at `path` again, waiting up to 5 s for its lock: a store dropped without `close()` lets go of
/// it when its journal thread ends, and a child process forked elsewhere in the test process between the lock's
/// open and its own exec shares the lock's file description for that moment.
func reopenSpool(_ path: String, remote: any AuditStore, settings: SpooledAuditStore.Settings = .init()) async throws -> SpooledAuditStore {
    let deadline = ContinuousClock.now + .seconds(5)
    while true {
        do {
            return try await SpooledAuditStore.open(directory: path, remote: remote, settings: settings)
        } catch where ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
