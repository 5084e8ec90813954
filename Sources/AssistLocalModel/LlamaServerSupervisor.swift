public import AssistServices
import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs the embedded `llama-server` as a supervised child process that cannot outlive the gateway.
///
/// The child is spawned with a parent-death signal (SIGKILL), so a gateway that is itself SIGKILLed, and
/// runs no clean-up, takes its model with it instead of leaving an orphan on the model's port. The signal
/// follows the thread that forked: every child is spawned, and reaped, by one supervision thread that
/// ends only after its last child. The child leads its own process group so `stop()` can end it and
/// anything it spawned with one signal (stopping only a wrapper would leave the server running).
/// `start()` returns once `/health` answers 200, so the gateway never accepts a request the model cannot
/// serve.
///
/// A child that dies while the gateway runs is started again after a back-off: `restartDelay`, doubled
/// with each restart in a row up to `maximumRestartDelay`, and back to `restartDelay` once a child has
/// stayed up for `healthyUptime`, so a model that cannot start costs a restart every 30 s, not every
/// second. With a `pidFile` the running child is named there, and at start-up a llama-server an earlier
/// run left (the pid file names it and its command line runs our binary) is stopped first.
///
/// As a `Service`: `run()` spawns the child unless `start()` did (start first to wait for health), and
/// returns once it has been stopped and reaped; it throws if a restart fails, since the gateway is then
/// left without its model. `shutdown()` sends SIGTERM and, 5 s later if the child is still there, SIGKILL,
/// without waiting (and cuts a back-off short); `stop()` does the same and waits, for short-lived commands.
public final class LlamaServerSupervisor: Service {
    public struct Configuration: Sendable {
        public var binary: String
        public var model: String
        public var host = "127.0.0.1"
        public var port = 8081
        public var contextSize = 8192
        public var parallelSlots = 4
        public var threads = 2
        public var logFile: String?
        public var startTimeout: Duration = .seconds(180)
        /// The delay before the first of several restarts in a row; each next one waits twice as long.
        public var restartDelay: Duration = .seconds(1)
        /// The longest a restart waits.
        public var maximumRestartDelay: Duration = .seconds(30)
        /// A child that ran this long was healthy: when it dies, the restart waits `restartDelay` again.
        public var healthyUptime: Duration = .seconds(60)
        /// Where the running child's pid is written (and removed when it stops), so that the next run can
        /// stop a llama-server this one left behind. None by default: one per data directory.
        public var pidFile: String?
        /// Told of each restart once it is decided, before its delay, on the supervision thread (so it must
        /// return promptly); each is also logged to stderr.
        public var restartObserver: (@Sendable (Restart) -> Void)?

        public init(binary: String, model: String) {
            self.binary = binary
            self.model = model
        }
    }

    /// A child died and another will be started: the `count`th restart, `delay` from now.
    public struct Restart: Sendable {
        public let count: Int
        /// The child that died, and how long it ran.
        public let pid: Int32
        public let uptime: Duration
        public let delay: Duration
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let message: String
        public var description: String { message }
    }

    struct State {
        var pid: pid_t = 0
        /// The supervision thread was started: `run()` after `start()` must not start a second.
        var supervising = false
        var stopping = false
        var restarts = 0
        /// Why the child could not be started again; `run()` throws it.
        var restartFailure: Failure?
    }

    public let name = "llama-server"
    public let configuration: Configuration
    let state = Mutex(State())
    /// Opened when no child is left and none will be: stopped and reaped, never started, or not restarted.
    let ended = Latch()
    /// Signalled by `shutdown()`, so that a back-off of up to `maximumRestartDelay` ends at once.
    let wake = DispatchSemaphore(value: 0)

    public init(configuration: Configuration) { self.configuration = configuration }

    /// The OpenAI-compatible base URL, API prefix included.
    public var baseURL: String { "http://\(configuration.host):\(configuration.port)/v1" }
    public var restarts: Int { state.withLock { $0.restarts } }
    public var pid: Int32 { state.withLock { $0.pid } }

    /// Starts the server and waits until it reports healthy. Stops it and throws if it exits meanwhile or
    /// is not healthy within `startTimeout`.
    public func start() async throws {
        guard try await launch() else { throw Failure(message: "llama-server was stopped before it started") }
        let deadline = ContinuousClock.now + configuration.startTimeout
        while ContinuousClock.now < deadline {
            if await isHealthy() { return }
            let (exited, stopping) = state.withLock { ($0.restarts > 0, $0.stopping) }
            if exited || stopping {
                stop()
                throw Failure(message: exited ? "llama-server exited during start-up; see \(configuration.logFile ?? "its output")"
                                              : "llama-server was stopped during start-up")
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        stop()
        throw Failure(message: "llama-server did not become healthy within \(configuration.startTimeout)")
    }

    /// Our child is running, holds the listening socket on its port, and answers `GET /health` with 200.
    /// Whatever else answers on that port (an orphan of an earlier gateway, say) does not count.
    public func isHealthy() async -> Bool {
        let pid = state.withLock { $0.pid }
        guard pid > 0 else { return false }
        let (host, port) = (configuration.host, configuration.port)
        return await Task.detached {
            HealthProbe.isListening(pid: pid, port: port) && HealthProbe.status(host: host, port: port, path: "/health") == 200
        }.value
    }

    /// Spawns the child unless `start()` did, and returns once it has been stopped and reaped. Throws
    /// when it cannot spawn it, or when it died and could not be started again.
    public func run() async throws {
        _ = try await launch()
        await ended.wait(onCancel: shutdown)
        if let failure = state.withLock({ $0.restartFailure }) { throw failure }
    }

    /// Sends the process group SIGTERM, and SIGKILL 5 s later if the child has not exited by then.
    public func shutdown() {
        let (pid, first, supervising) = state.withLock { state in
            defer { state.stopping = true }
            return (state.pid, !state.stopping, state.supervising)
        }
        guard first else { return }
        wake.signal()
        guard pid > 0 else {
            // No child now. Either no supervision thread was ever started, or it is between children and
            // will see `stopping`, spawn none, and end the supervisor itself.
            if !supervising { ended.open() }
            return
        }
        kill(-pid, SIGTERM)
        NamedThread.start("assist-llama-end") { [self] in
            if !waitForExit(tenthsOfSeconds: 50) { kill(-pid, SIGKILL) }
        }
    }

    /// Stops the whole process group as `shutdown()` does (SIGTERM, then SIGKILL after 5 s), and waits
    /// until the child has been reaped or 7 s have passed: for commands that stop and exit.
    public func stop() {
        shutdown()
        for _ in 0..<70 where !ended.isOpen { usleep(100_000) }
    }

    /// Waits until the supervision thread has reaped the child.
    private func waitForExit(tenthsOfSeconds: Int) -> Bool {
        for _ in 0..<tenthsOfSeconds {
            if state.withLock({ $0.pid }) == 0 { return true }
            usleep(100_000)
        }
        return state.withLock { $0.pid } == 0
    }

    /// Starts the supervision thread unless it was started (true) or the supervisor is stopping (false),
    /// and returns once its first child runs (true) or it spawned none because the supervisor was stopped
    /// meanwhile (false). Throws if the binary or the model is missing, or the first child cannot be spawned.
    private func launch() async throws -> Bool {
        for path in [configuration.binary, configuration.model] where !FileManager.default.fileExists(atPath: path) {
            throw Failure(message: "\(path) does not exist; run `make build` (it installs llama-server and the model)")
        }
        let (launching, stopping) = state.withLock { state in
            defer { if !state.stopping { state.supervising = true } }
            return (!state.supervising && !state.stopping, state.stopping)
        }
        guard launching else { return !stopping }
        return try await withCheckedThrowingContinuation { continuation in
            NamedThread.start("assist-llama") { [self] in supervise(firstSpawn: continuation) }
        }
    }
}
