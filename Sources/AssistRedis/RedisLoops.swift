import AssistEventLoop
import AssistServices
import Synchronization

/// The event loops one `RedisClient` has a connection on, and its own loop for callers that run on none.
final class RedisLoops: Sendable {
    private struct State {
        var loops = ClientLoops(name: "assist-redis")
        var used: [ObjectIdentifier: EventLoop] = [:]
        var stopped = false
    }

    let url: RedisURL
    let settings: RedisClient.Settings
    let ended = Latch()
    private let state = Mutex(State())
    private let connected = Atomic<Int>(0)

    init(url: RedisURL, settings: RedisClient.Settings) {
        self.url = url
        self.settings = settings
    }

    /// Connections up now, over every loop.
    var connectedCount: Int { connected.load(ordering: .relaxed) }

    /// The caller's loop, or the client's own (made on first use); nil once shut down.
    func loopForCommand() -> EventLoop? {
        let current = EventLoop.current
        return state.withLock { state -> EventLoop? in
            guard !state.stopped, let loop = state.loops.loop(forCallerOn: current) else { return nil }
            if state.used[ObjectIdentifier(loop)] == nil { state.used[ObjectIdentifier(loop)] = loop }
            return loop
        }
    }

    /// This client's connection on `loop`, made on first use (loop-thread only).
    func connection(on loop: EventLoop) -> RedisLoopConnection {
        LoopConnections<RedisLoopConnection>.on(loop).connection(for: ObjectIdentifier(self)) {
            RedisLoopConnection(url: url, settings: settings, loop: loop) { [weak self] up in
                self?.connected.add(up ? 1 : -1, ordering: .relaxed)
            }
        }
    }

    /// Closes every connection (what is in flight fails `.shutDown`) and ends the own loop.
    func shutdown() {
        let (loops, own) = state.withLock { state -> ([EventLoop], EventLoop?) in
            guard !state.stopped else { return ([], nil) }
            state.stopped = true
            return (Array(state.used.values), state.loops.own)
        }
        let id = ObjectIdentifier(self)
        for loop in loops {
            _ = loop.onLoop { LoopConnections<RedisLoopConnection>.on(loop).remove(id)?.shutdown() }
        }
        own?.shutdown()  // after the job queued above
        ended.open()
    }
}
