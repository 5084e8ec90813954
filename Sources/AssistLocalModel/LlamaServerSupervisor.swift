public import AssistServices
import CLinux
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs the embedded `llama-server` as a supervised child process.
///
/// The child gets its own process group so `stop()` can end it and anything it spawned with one signal
/// (stopping only a wrapper would leave the server running). `start()` returns once `/health` answers 200,
/// so the gateway never accepts a request the model cannot serve. If the child dies while the gateway is
/// running it is started again after a short back-off.
///
/// As a `Service`: `run()` spawns the child unless `start()` did (start first to wait for health), and
/// returns once it has been stopped and reaped; it throws if a restart fails, since the gateway is then
/// left without its model. `shutdown()` sends SIGTERM and, 5 s later if the child is still there, SIGKILL,
/// without waiting; `stop()` does the same and waits, for short-lived commands.
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

        public init(binary: String, model: String) {
            self.binary = binary
            self.model = model
        }
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let message: String
        public var description: String { message }
    }

    private struct State {
        var pid: pid_t = 0
        /// A child was spawned once: `run()` after `start()` must not spawn a second.
        var spawned = false
        var stopping = false
        var restarts = 0
        /// Why the child could not be started again; `run()` throws it.
        var restartFailure: Failure?
    }

    public let name = "llama-server"
    public let configuration: Configuration
    private let state = Mutex(State())
    /// Opened when no child is left and none will be: stopped and reaped, never started, or not restarted.
    private let ended = Latch()

    public init(configuration: Configuration) { self.configuration = configuration }

    /// The OpenAI-compatible base URL, API prefix included.
    public var baseURL: String { "http://\(configuration.host):\(configuration.port)/v1" }
    public var restarts: Int { state.withLock { $0.restarts } }
    public var pid: Int32 { state.withLock { $0.pid } }

    /// Starts the server and waits until it reports healthy.
    public func start() async throws {
        guard try spawnChecked() else { throw Failure(message: "llama-server was stopped before it started") }
        let deadline = ContinuousClock.now + configuration.startTimeout
        while ContinuousClock.now < deadline {
            if await isHealthy() { return }
            if state.withLock({ $0.pid }) == 0 { throw Failure(message: "llama-server exited during start-up; see \(configuration.logFile ?? "its output")") }
            try await Task.sleep(for: .milliseconds(200))
        }
        stop()
        throw Failure(message: "llama-server did not become healthy within \(configuration.startTimeout)")
    }

    /// `GET /health` answered 200.
    public func isHealthy() async -> Bool {
        await HealthProbe.ok(host: configuration.host, port: configuration.port, path: "/health")
    }

    /// Spawns the child unless `start()` did, and returns once it has been stopped and reaped. Throws
    /// when it cannot spawn it, or when it died and could not be started again.
    public func run() async throws {
        if !state.withLock({ $0.spawned }) { _ = try spawnChecked() }
        await ended.wait(onCancel: shutdown)
        if let failure = state.withLock({ $0.restartFailure }) { throw failure }
    }

    /// Sends the process group SIGTERM, and SIGKILL 5 s later if the child has not exited by then.
    public func shutdown() {
        let (pid, first, spawned) = state.withLock { state in
            defer { state.stopping = true }
            return (state.pid, !state.stopping, state.spawned)
        }
        guard first else { return }
        guard pid > 0 else {
            // No child now. Either none was ever spawned, or one died and the reaper, in its back-off,
            // will see `stopping`, not restart it, and end the supervisor itself.
            if !spawned { ended.open() }
            return
        }
        kill(-pid, SIGTERM)
        let escalation = Thread { [self] in
            if !waitForExit(tenthsOfSeconds: 50) { kill(-pid, SIGKILL) }
        }
        escalation.name = "assist-llama-stop"
        escalation.start()
    }

    /// Stops the whole process group as `shutdown()` does (SIGTERM, then SIGKILL after 5 s), and waits
    /// until the child has been reaped or 7 s have passed: for commands that stop and exit.
    public func stop() {
        shutdown()
        for _ in 0..<70 where !ended.isOpen { usleep(100_000) }
    }

    /// Waits until the reaper has collected the child.
    private func waitForExit(tenthsOfSeconds: Int) -> Bool {
        for _ in 0..<tenthsOfSeconds {
            if state.withLock({ $0.pid }) == 0 { return true }
            usleep(100_000)
        }
        return state.withLock { $0.pid } == 0
    }

    /// Spawns the child, or throws if its binary or model is missing; false when stopping.
    private func spawnChecked() throws -> Bool {
        for path in [configuration.binary, configuration.model] where !FileManager.default.fileExists(atPath: path) {
            throw Failure(message: "\(path) does not exist; run `make build` (it installs llama-server and the model)")
        }
        return try spawn()
    }

    /// Spawns the child with its own process group; false, spawning nothing, when stopping.
    private func spawn() throws -> Bool {
        var arguments = [configuration.binary, "-m", configuration.model, "--host", configuration.host,
                         "--port", String(configuration.port), "-c", String(configuration.contextSize),
                         "-np", String(configuration.parallelSlots), "-t", String(configuration.threads)]
        if let logFile = configuration.logFile { arguments += ["--log-file", logFile] }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group; default handlers and an empty mask for every signal, whatever the spawning
        // thread blocks or the gateway ignores (it ignores SIGINT/SIGTERM to take them from a dispatch source).
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGPIPE, SIGHUP] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let output = configuration.logFile.map { $0 + ".stdout" } ?? "/dev/null"
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of ours may leak into the child: a client socket it inherited would stay open after
        // the client hung up, and the gateway would never see that client leave.
        assist_spawn_close_from(&actions, 3)
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        // Under the lock, so that `shutdown()` either sees the new child (and stops it) or stops the spawn.
        let child: pid_t? = try state.withLock { state in
            guard !state.stopping else { return nil }
            var pid: pid_t = 0
            let result = posix_spawn(&pid, configuration.binary, &actions, &attributes, cArguments, environ)
            guard result == 0 else { throw Failure(message: "cannot start \(configuration.binary): \(String(cString: strerror(result)))") }
            state.pid = pid
            state.spawned = true
            return pid
        }
        guard let child else { return false }
        let thread = Thread { [self] in reap(child) }
        thread.name = "assist-llama-reaper"
        thread.start()
        return true
    }

    /// Waits for the child on its own thread; restarts it unless we are stopping. When no child is left
    /// and none will be (stopping, or the restart failed), the supervisor has ended.
    private func reap(_ pid: pid_t) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let restart = state.withLock { state in
            state.pid = 0
            guard !state.stopping else { return false }
            state.restarts += 1
            return true
        }
        guard restart else { return ended.open() }
        FileHandle.standardError.write(Data("llama-server (pid \(pid)) exited; restarting\n".utf8))
        sleep(1)
        do {
            if try !spawn() { ended.open() }  // stopped during the back-off
        } catch {
            let failure = Failure(message: "llama-server (pid \(pid)) exited and could not be restarted: \(error)")
            FileHandle.standardError.write(Data("\(failure.message)\n".utf8))
            state.withLock { $0.restartFailure = failure }
            ended.open()
        }
    }
}
