public import AssistServices

/// Which replicas sharing storage are alive, and the rows of those gone for good.
///
/// A replica that restarts closes its own rows a crash left `started` (`closeInterruptedRequests`). A replica
/// that never comes back cannot: its rows would stay `started` forever. So each replica holds a presence lease,
/// `replica:INSTANCE`, renewed by the `LeaseKeeper` while it runs; and every `sweepInterval` each replica closes
/// as `interrupted` the open rows of every other instance whose presence lease has lapsed (it stopped renewing
/// at least a lease time ago). Closing is idempotent, so replicas sweeping at once do no harm.
///
/// A live replica's rows are never closed while its lease lives. After a Redis restart that lost the lease
/// (inside the AOF loss window), a sweep before the next renewal may close a live replica's open rows; each is
/// then replaced by the request's final row when it ends, as a row always is.
public final class ReplicaPresence: Service {
    public let name = "replica presence"
    private let instance: String
    private let leases: any LeaseStore
    private let keeper: LeaseKeeper
    private let audit: any AuditStore
    private let sweepInterval: Duration
    private let clock: MonotonicClock
    private let work = ServiceTask()
    private let sweepFailures = FailureRun("sweeps of departed replicas' rows")

    init(instance: String, leases: any LeaseStore, keeper: LeaseKeeper, audit: any AuditStore, sweepInterval: Duration, clock: MonotonicClock) {
        self.instance = instance
        self.leases = leases
        self.keeper = keeper
        self.audit = audit
        self.sweepInterval = sweepInterval
        self.clock = clock
    }

    static func key(instance: String) -> String { "replica:" + instance }

    /// Takes this replica's presence lease (the keeper renews it from then on): at start-up, before anything
    /// is admitted, so no row of this replica exists while it looks absent. Taking it again does nothing more.
    public func announce() async throws {
        _ = try await keeper.acquire(Self.key(instance: instance), holder: instance, limit: 1, in: leases)
    }

    /// Closes the open rows of every other instance without a live presence lease; returns how many.
    @discardableResult
    public func sweep() async throws -> Int {
        var closed = 0
        for other in try await audit.instancesWithOpenRows() where other != instance {
            guard try await leases.holders(of: Self.key(instance: other)) == 0 else { continue }
            let count = try await audit.closeInterrupted(instance: other)
            if count > 0 { GatewayLog.warning("closed \(count) requests of replica \(other), gone for a lease time (audited as interrupted)") }
            closed += count
        }
        return closed
    }

    /// Announces (again after a failure), then sweeps every `sweepInterval` until `shutdown()`.
    public func run() async {
        await work.run { [self] in
            while true {
                do {
                    try await announce()
                    try await sweep()
                    sweepFailures.succeeded()
                } catch is CancellationError {
                    return
                } catch {
                    sweepFailures.failed(error)
                }
                do { try await clock.sleep(for: sweepInterval) } catch { return }
            }
        }
    }

    public func shutdown() { work.shutdown() }
}
