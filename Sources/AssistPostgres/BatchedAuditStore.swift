public import AssistGateway

/// An audit store that writes many rows in one call, in order and atomically (PostgreSQL: one transaction),
/// which the spool's shipper prefers to one call per row.
public protocol BatchedAuditStore: AuditStore {
    /// Writes `batch` as `record` would, one after another; all of them or none.
    func record(batch: [AuditRecord]) async throws
}
