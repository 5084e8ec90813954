import AssistEventLoop
import AssistServices
import Synchronization

/// The event loops one `PostgresClient` works on: on each, a connection (`PostgresLoopConnection`, owned by the
/// loop) and a batch runner (`PostgresBatchRunner`, a task on the loop); and the client's own loop, made on first
/// use, for callers that run on none and for synchronous callers.
final class PostgresLoops: Sendable {
    private struct State {
        var loops = ClientLoops(name: "assist-postgres")
        var runners: [ObjectIdentifier: PostgresBatchRunner] = [:]
        var stopped = false
    }

    let url: String
    let settings: PostgresClient.Settings
    /// Told each notification the connections hear (a listener's), on their loop's thread.
    let notifications: (@Sendable (_ channel: String, _ payload: String) -> Void)?
    /// Told each time a connection goes up or down, on its loop's thread.
    let readiness: (@Sendable (Bool) -> Void)?
    /// Opened once every runner has ended and every connection is closed.
    let ended = Latch()
    private let state = Mutex(State())
    private let connected = Atomic<Int>(0)
    private let batches = Atomic<Int>(0)

    init(url: String, settings: PostgresClient.Settings, notifications: (@Sendable (String, String) -> Void)? = nil,
         readiness: (@Sendable (Bool) -> Void)? = nil) {
        self.url = url
        self.settings = settings
        self.notifications = notifications
        self.readiness = readiness
    }

    /// Connections up now, over every loop.
    var connectedCount: Int { connected.load(ordering: .relaxed) }
    var committedBatches: Int { batches.load(ordering: .relaxed) }
    var isStopped: Bool { state.withLock { $0.stopped } }

    func batchCommitted() { batches.add(1, ordering: .relaxed) }

    /// The runner of the caller's loop, or of the client's own (`ownLoop`); nil once shut down.
    func runner(ownLoop: Bool = false) -> PostgresBatchRunner? {
        let current = ownLoop ? nil : EventLoop.current
        return state.withLock { state -> PostgresBatchRunner? in
            guard !state.stopped, let loop = state.loops.loop(forCallerOn: current) else { return nil }
            if let existing = state.runners[ObjectIdentifier(loop)] { return existing }
            let made = PostgresBatchRunner(link: PostgresLoopLink(loops: self, loop: loop))
            state.runners[ObjectIdentifier(loop)] = made
            return made
        }
    }

    /// This client's connection on `loop`, made on first use (loop-thread only).
    func connection(on loop: EventLoop) -> PostgresLoopConnection {
        LoopConnections<PostgresLoopConnection>.on(loop).connection(for: ObjectIdentifier(self)) {
            PostgresLoopConnection(url: url, settings: settings, loop: loop, notifications: notifications) { [weak self] up in
                self?.connected.add(up ? 1 : -1, ordering: .relaxed)
                self?.readiness?(up)
            }
        }
    }

    /// Refuses new work; once the work already queued has run, closes every connection and ends the own loop.
    func shutdown() {
        let (runners, own) = state.withLock { state -> ([PostgresBatchRunner], EventLoop?) in
            guard !state.stopped else { return ([], nil) }
            state.stopped = true
            return (Array(state.runners.values), state.loops.own)
        }
        guard !runners.isEmpty || own != nil else { return ended.open() }
        for runner in runners { runner.stop() }
        let id = ObjectIdentifier(self)
        Task { [ended] in
            for runner in runners {
                await runner.ended.wait()
                let loop = runner.link.loop
                _ = loop.onLoop { LoopConnections<PostgresLoopConnection>.on(loop).remove(id)?.shutdown() }
            }
            own?.shutdown()  // after the jobs queued above
            ended.open()
        }
    }
}

/// A loop and a client: where a runner's statements go.
struct PostgresLoopLink: Sendable {
    let loops: PostgresLoops
    let loop: EventLoop

    /// The client's connection on the loop (loop-thread only).
    func connection() -> PostgresLoopConnection { loops.connection(on: loop) }
}
