extension AuditRecord {
    /// What `batch` leaves in an audit table whose rows are upserted by request id one after another: for each request
    /// id (compared as bytes, as a primary key of text does, not as Swift's `String` compares), in the order of its first
    /// row, its last row at its first row's time (the upsert keeps the time a row was first written). Both stores that
    /// write rows in batches write these instead (`PostgresAuditStore.record(batch:)`, the request journal's shipper):
    /// a request's `started` row and its end, shipped together, become one row written once.
    public static func collapsed(_ batch: some Sequence<AuditRecord>) -> [AuditRecord] {
        var rows: [AuditRecord] = []
        var position: [Bytewise: Int] = [:]
        rows.reserveCapacity(batch.underestimatedCount)
        for record in batch {
            if let at = position[Bytewise(record.requestId)] {
                let time = rows[at].time
                rows[at] = record
                rows[at].time = time
            } else {
                position[Bytewise(record.requestId)] = rows.count
                rows.append(record)
            }
        }
        return rows
    }
}
