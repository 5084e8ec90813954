public import AssistServices
public import Foundation
import Synchronization

/// Whether the shared stores (Redis, PostgreSQL) answer, probed in the background and kept in memory, so that
/// `GET /healthz` answers at once and a balancer can route around a replica that cannot serve.
///
/// Every `interval` each probe runs once (a `PING`, a `SELECT 1`), all at once. A failed probe marks its store
/// `unavailable` from that moment, with the error as reason; the next that succeeds marks it `ok` again, and
/// both moments are logged once. Probing also keeps each client reconnecting while its server is down, so a
/// replica recovers when the server comes back, without a restart of its own, even when no request comes.
///
/// A probe is `critical` when the replica cannot serve without its store (Redis with `onRedisDown: "closed"`:
/// every request needing a quota is refused); `/healthz` then answers 503. Otherwise the replica is degraded.
public final class StoreMonitor: Service {
    /// One store's check.
    public struct Probe: Sendable {
        public var name: String
        public var critical: Bool
        /// What `/healthz` calls the store while it is down: `unavailable`, or what the replica does meanwhile
        /// (`spooling`: audit rows wait in the local journal).
        public var whenDown: String
        public var check: @Sendable () async throws -> Void

        public init(name: String, critical: Bool, whenDown: String = "unavailable", check: @escaping @Sendable () async throws -> Void) {
            self.name = name
            self.critical = critical
            self.whenDown = whenDown
            self.check = check
        }
    }

    /// A store's state as last probed.
    public enum Status: Sendable, Equatable {
        case ok
        case unavailable(reason: String, since: Date)
    }

    public struct Report: Sendable, Equatable {
        public var name: String
        public var critical: Bool
        public var status: Status
        public var whenDown = "unavailable"
    }

    public let name = "store monitor"
    private let probes: [Probe]
    private let wallClock: any WallClock
    private let statuses: Mutex<[String: Status]>
    private let clock: MonotonicClock
    private let interval: Duration
    private let probing = ServiceTask()

    /// Every store starts `ok`: a replica is assembled only once it has reached them (`assist serve` waits).
    init(probes: [Probe], wallClock: any WallClock, clock: MonotonicClock, interval: Duration = .seconds(1)) {
        self.probes = probes
        self.wallClock = wallClock
        statuses = Mutex(Dictionary(probes.map { ($0.name, Status.ok) }, uniquingKeysWith: { first, _ in first }))
        self.clock = clock
        self.interval = interval
    }

    /// Every store's status, in probe order (empty with no shared stores: kind `sqlite`).
    public var reports: [Report] {
        let statuses = statuses.withLock { $0 }
        return probes.map { Report(name: $0.name, critical: $0.critical, status: statuses[$0.name] ?? .ok, whenDown: $0.whenDown) }
    }

    /// Probes every store once, now.
    public func probeAll() async {
        await withTaskGroup(of: Void.self) { group in
            for probe in probes { group.addTask { await self.run(probe) } }
        }
    }

    private func run(_ probe: Probe) async {
        let next: Status
        do {
            try await probe.check()
            next = .ok
        } catch {
            next = .unavailable(reason: "\(error)", since: wallClock.now())
        }
        let previous = statuses.withLock { statuses in
            let previous = statuses[probe.name] ?? .ok
            switch (previous, next) {
            case (.unavailable, .unavailable): break  // keeps when it began
            default: statuses[probe.name] = next
            }
            return previous
        }
        switch (previous, next) {
        case (.ok, .unavailable(let reason, _)): GatewayLog.warning("\(probe.name) cannot be reached: \(reason)")
        case (.unavailable, .ok): GatewayLog.warning("\(probe.name) answers again")
        default: break
        }
    }

    /// Probes every `interval` until `shutdown()`.
    public func run() async {
        guard !probes.isEmpty else { return }
        await probing.run { [self] in
            while true {
                do { try await clock.sleep(for: interval) } catch { return }
                await probeAll()
            }
        }
    }

    public func shutdown() { probing.shutdown() }
}
