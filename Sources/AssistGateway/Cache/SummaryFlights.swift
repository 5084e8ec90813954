import Synchronization

/// The flights in progress, by key: the one place that decides whether a request for a cacheable answer
/// leads a new provider call or follows one already running, and that stores the answer when it completes.
public final class SummaryFlights: Sendable {
    /// A request's part in a flight.
    enum Role: Sendable {
        /// Starts the provider call; must call `admitted` or `refused` once its own admission is decided.
        case lead(SummaryFlight)
        /// Shares the running call, holding a seat.
        case follow(SummaryFlight)
    }

    private let flights = Mutex<[SummaryKey: SummaryFlight]>([:])
    private let store: any SummaryStore
    private let clock: any WallClock

    public init(store: any SummaryStore, clock: any WallClock) {
        self.store = store
        self.clock = clock
    }

    /// Joins the flight for `key`, or creates it. A follower waits for its leader's admission; if the
    /// leader was refused, the follower tries again, and may lead itself.
    func claim(_ key: SummaryKey) async -> Role {
        while true {
            let (flight, created) = flights.withLock { flights in
                if let running = flights[key] { return (running, false) }
                let flight = SummaryFlight(key: key) { [self] flight, outcome in await ended(flight, outcome) }
                flights[key] = flight
                return (flight, true)
            }
            if created { return .lead(flight) }
            if await flight.awaitLeaderAdmission() { return .follow(flight) }
        }
    }

    /// The leader holds quota and a slot: its followers go ahead.
    func admitted(_ flight: SummaryFlight) { flight.leaderAdmitted() }

    /// The leader was refused: the flight is forgotten first, so its waiting requests retry on their own.
    func refused(_ flight: SummaryFlight) {
        forget(flight)
        flight.leaderRefused()
    }

    /// Stores a complete answer, then forgets the flight: a request arriving meanwhile either follows the
    /// finished flight (and gets its whole text) or finds the stored answer.
    private func ended(_ flight: SummaryFlight, _ outcome: SummaryFlight.Outcome) async {
        if outcome.finishReason == "stop", !outcome.text.isEmpty {
            do {
                try await store.store(outcome.text, for: flight.key, at: clock.now())
            } catch {
                GatewayLog.warning("summary store failed: \(error)")
            }
        }
        forget(flight)
    }

    private func forget(_ flight: SummaryFlight) {
        flights.withLock { flights in
            if flights[flight.key] === flight { flights[flight.key] = nil }
        }
    }

    /// Flights running now (for tests and metrics).
    public var count: Int { flights.withLock { $0.count } }
}
