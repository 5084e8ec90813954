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
public final class LlamaServerSupervisor: Sendable {
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
        var stopping = false
        var restarts = 0
    }

    public let configuration: Configuration
    private let state = Mutex(State())

    public init(configuration: Configuration) { self.configuration = configuration }

    /// The OpenAI-compatible base URL, API prefix included.
    public var baseURL: String { "http://\(configuration.host):\(configuration.port)/v1" }
    public var restarts: Int { state.withLock { $0.restarts } }
    public var pid: pid_t { state.withLock { $0.pid } }

    /// Starts the server and waits until it reports healthy.
    public func start() async throws {
        for path in [configuration.binary, configuration.model] where !FileManager.default.fileExists(atPath: path) {
            throw Failure(message: "\(path) does not exist; run `make build` (it installs llama-server and the model)")
        }
        try spawn()
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

    /// Stops the whole process group: SIGTERM, then SIGKILL after 5 s.
    public func stop() {
        let pid = state.withLock { state in
            state.stopping = true
            return state.pid
        }
        guard pid > 0 else { return }
        kill(-pid, SIGTERM)
        if waitForExit(tenthsOfSeconds: 50) { return }
        kill(-pid, SIGKILL)
        _ = waitForExit(tenthsOfSeconds: 20)
    }

    /// Waits until the reaper has collected the child.
    private func waitForExit(tenthsOfSeconds: Int) -> Bool {
        for _ in 0..<tenthsOfSeconds {
            if state.withLock({ $0.pid }) == 0 { return true }
            usleep(100_000)
        }
        return state.withLock { $0.pid } == 0
    }

    private func spawn() throws {
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
        var pid: pid_t = 0
        let result = posix_spawn(&pid, configuration.binary, &actions, &attributes, cArguments, environ)
        guard result == 0 else { throw Failure(message: "cannot start \(configuration.binary): \(String(cString: strerror(result)))") }
        let child = pid
        state.withLock { $0.pid = child }
        let thread = Thread { [self] in reap(child) }
        thread.name = "assist-llama-reaper"
        thread.start()
    }

    /// Waits for the child on its own thread; restarts it unless we are stopping.
    private func reap(_ pid: pid_t) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let restart = state.withLock { state in
            state.pid = 0
            guard !state.stopping else { return false }
            state.restarts += 1
            return true
        }
        guard restart else { return }
        FileHandle.standardError.write(Data("llama-server (pid \(pid)) exited; restarting\n".utf8))
        sleep(1)
        try? spawn()
    }
}
