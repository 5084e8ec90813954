/// A store client's connection on one loop (Redis's, PostgreSQL's): given its timeouts by the loop's turns, and
/// shut down, failing what waits on it, when the loop ends.
public protocol LoopConnection: AnyObject {
    /// When the connection next needs a turn even if nothing happens (a timeout); nil for never.
    func nextDeadline() -> ContinuousClock.Instant?
    /// Sends what its callers queued this turn, then handles what is due.
    func turn(now: ContinuousClock.Instant)
    /// Fails everything queued or in flight; nothing is sent after.
    func shutdown()
}

/// A loop's connections of one kind, one per client (keyed by the client's identity), driven as one turn hook.
/// Loop-thread only, as the loop's locals are.
public final class LoopConnections<Connection: LoopConnection>: EventLoop.TurnHook {
    public private(set) var connections: [ObjectIdentifier: Connection] = [:]

    /// `loop`'s connections of this kind, registered as its hook on first use.
    public static func on(_ loop: EventLoop) -> LoopConnections<Connection> {
        loop.local(LoopConnections<Connection>.self) {
            let made = LoopConnections<Connection>()
            loop.addHook(made)
            return made
        }
    }

    /// `client`'s connection here, made by `make` on first use.
    public func connection(for client: ObjectIdentifier, make: () -> Connection) -> Connection {
        if let existing = connections[client] { return existing }
        let made = make()
        connections[client] = made
        return made
    }

    /// Forgets `client`'s connection and returns it (to be shut down).
    public func remove(_ client: ObjectIdentifier) -> Connection? { connections.removeValue(forKey: client) }

    public func nextDeadline() -> ContinuousClock.Instant? { connections.values.compactMap { $0.nextDeadline() }.min() }

    public func turn(now: ContinuousClock.Instant) {
        for connection in connections.values { connection.turn(now: now) }
    }

    public func loopEnded() {
        for connection in connections.values { connection.shutdown() }
        connections = [:]
    }
}

/// Where a store client's work runs: the caller's loop when it runs on one (a request's task), else the client's
/// own loop, made on first use (background services, tools, tests). Kept in the client's locked state.
public struct ClientLoops {
    /// The own loop's thread name.
    public let name: String
    /// The own loop, once made.
    public private(set) var own: EventLoop?

    public init(name: String) { self.name = name }

    /// `current` if any, else the own loop (nil if it cannot be made).
    public mutating func loop(forCallerOn current: EventLoop?) -> EventLoop? {
        if let current { return current }
        if let own { return own }
        own = try? EventLoop(name: name)
        return own
    }
}
