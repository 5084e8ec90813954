import Testing

/// Every live replica test, one at a time: each starts several gateways that share one Redis and PostgreSQL, and
/// some hold time bounds (an admin change within 1 s), which the others' load (300 concurrent requests) must
/// not eat into. The rest of the parallel pass still runs beside them.
@Suite("Replicas", .serialized)
enum ReplicaTests {}
