import AssistGateway
import Synchronization

/// The in-memory audit store, whose writes can be made to fail as a full disk or a lock held elsewhere
/// would make them, and its reads as a database outage would.
final class BreakableAudit: AuditStore {
    let base = InMemoryAuditStore()
    let broken = Mutex(false)
    let readsBroken = Mutex(false)
    struct Full: Error {}
    struct Unreachable: Error {}

    func record(_ record: AuditRecord) async throws {
        if broken.withLock({ $0 }) { throw Full() }
        try await base.record(record)
    }

    func closeInterrupted(instance: String) async throws -> Int { try await base.closeInterrupted(instance: instance) }
    func instancesWithOpenRows() async throws -> Set<String> { try await base.instancesWithOpenRows() }
    func recent(limit: Int) async throws -> [AuditRecord] {
        if readsBroken.withLock({ $0 }) { throw Unreachable() }
        return await base.recent(limit: limit)
    }
    func record(for requestId: String) async throws -> AuditRecord? {
        if readsBroken.withLock({ $0 }) { throw Unreachable() }
        return await base.record(for: requestId)
    }
}
