import Synchronization

/// What the targets of every model alias share across requests: their breakers, the clock that opens and
/// closes them and times attempts out, and the routing metrics. One per gateway (`GatewayState`).
///
/// Breakers are this process's view of a target's health, as a proxy's outlier detection is: each replica
/// keeps its own, and a target one replica found down is tried again by the others until they find it too.
public final class ProviderRouting: Sendable {
    let clock: MonotonicClock
    let metrics: RoutingMetrics
    private let breakers = Mutex<[String: CircuitBreaker]>([:])

    public init(clock: MonotonicClock = MonotonicClock(ContinuousClock()), metrics: RoutingMetrics = RoutingMetrics(targets: [])) {
        self.clock = clock
        self.metrics = metrics
        metrics.reads(self)
    }

    /// Whether a call may try `target` now; always, when its alias has no breaker.
    func admit(_ target: ModelTarget, breaker settings: BreakerSettings?) -> CircuitBreaker.Admission {
        guard let settings else { return .pass }
        let now = clock.now
        return breakers.withLock { breakers in
            breakers[target.breakerKey, default: CircuitBreaker(settings: settings)].admit(at: now)
        }
    }

    /// Whether `target` would be tried now, without taking its probe.
    func wouldAdmit(_ target: ModelTarget, breaker settings: BreakerSettings?) -> Bool {
        guard settings != nil else { return true }
        let now = clock.now
        return breakers.withLock { breakers in
            guard var copy = breakers[target.breakerKey] else { return true }
            return copy.admit(at: now) != .skip
        }
    }

    /// A call's verdict on `target`: it answered (`failure` nil), or failed in a way that counts.
    func record(_ target: ModelTarget, breaker settings: BreakerSettings?, failure: FallbackCause?) {
        guard let settings else { return }
        let now = clock.now
        breakers.withLock { breakers in
            if failure != nil {
                breakers[target.breakerKey, default: CircuitBreaker(settings: settings)].failed(at: now)
            } else {
                breakers[target.breakerKey]?.succeeded()
            }
        }
    }

    /// The breakers open now (or probing), by breaker key, for `/metrics`.
    func openBreakers() -> Set<String> {
        breakers.withLock { breakers in Set(breakers.filter { $0.value.isOpen }.keys) }
    }
}
