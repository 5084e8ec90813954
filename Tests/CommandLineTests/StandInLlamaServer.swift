import AssistLocalModel
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A stand-in for llama-server in a directory of its own: an executable named `llama-server` next to an
/// empty `model.gguf`, so the supervisor (and `assist serve`, through `ASSIST_LLAMA_SERVER` and
/// `ASSIST_MODEL`) can be tested without the real binary or its model.
struct StandInLlamaServer {
    let directory: URL
    var binary: String { directory.appendingPathComponent("llama-server").path }
    var model: String { directory.appendingPathComponent("model.gguf").path }

    /// A stand-in running `script` (with its `#!` line).
    ///
    /// The executable is written by another process (`install`), never by this one: a file this process
    /// holds open for writing is inherited by any child another test forks meanwhile, and until that child
    /// has exec'd, running the file fails with ETXTBSY ("Text file busy").
    init(script: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-stand-in-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let source = directory.appendingPathComponent("llama-server.txt").path
        try script.write(toFile: source, atomically: true, encoding: .utf8)
        let install = Process()
        install.executableURL = URL(fileURLWithPath: "/usr/bin/install")
        install.arguments = ["-m", "755", source, directory.appendingPathComponent("llama-server").path]
        try install.run()
        install.waitUntilExit()
        guard install.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        try "".write(toFile: directory.appendingPathComponent("model.gguf").path, atomically: true, encoding: .utf8)
    }

    /// Sleeps until signalled, as one process (its command line stays the stand-in's, unlike `exec sleep`).
    static func sleeper() throws -> StandInLlamaServer {
        try StandInLlamaServer(script: """
            #!/usr/bin/python3
            import signal, time
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            time.sleep(600)
            """)
    }

    /// Exits at once with status 1, as a llama-server that cannot start does.
    static func exitsAtOnce() throws -> StandInLlamaServer {
        try StandInLlamaServer(script: "#!/bin/sh\nexit 1\n")
    }

    /// Answers `GET /health` with 200 on the `--host` and `--port` it is given, as llama-server does once its
    /// model is loaded.
    static func healthServer() throws -> StandInLlamaServer {
        try StandInLlamaServer(script: """
            #!/usr/bin/python3
            import http.server, signal, sys
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            arguments = sys.argv[1:]
            host = arguments[arguments.index("--host") + 1] if "--host" in arguments else "127.0.0.1"
            port = int(arguments[arguments.index("--port") + 1])
            class Health(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    self.send_response(200 if self.path == "/health" else 404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                def log_message(self, *arguments):
                    pass
            http.server.HTTPServer((host, port), Health).serve_forever()
            """)
    }

    /// A supervisor configuration for this stand-in on `port`.
    func configuration(port: Int) -> LlamaServerSupervisor.Configuration {
        var configuration = LlamaServerSupervisor.Configuration(binary: binary, model: model)
        configuration.port = port
        return configuration
    }

    /// Starts the stand-in directly (not supervised), with the arguments the supervisor would give it: a
    /// llama-server left over from an earlier run, or an orphan holding the port. (The stand-ins unblock
    /// every signal themselves: Foundation's `Process` passes on the test runner's mask, SIGTERM blocked.)
    func startUnsupervised(port: Int) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["-m", model, "--host", "127.0.0.1", "--port", String(port)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// What `/proc` says about processes, for tests that check which ones are still there.
enum ProcessTable {
    /// The process exists and is not a zombie (a zombie has ended; it only waits to be reaped).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let state = stat(pid)?.state else { return false }
        return state != "Z" && state != "X"
    }

    /// Waits up to `limit` for `pid` to end; true once it has.
    static func waitUntilGone(_ pid: pid_t, within limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while isRunning(pid) {
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    /// The running children of `parent`.
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { stat($0)?.parent == parent && isRunning($0) }
    }

    /// The process's arguments (empty for a zombie).
    static func commandLine(_ pid: pid_t) -> [String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return [] }
        return data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    /// State letter and parent from `/proc/<pid>/stat`; the command name may hold spaces and parentheses,
    /// so the fields are read after its last `)`.
    private static func stat(_ pid: pid_t) -> (state: Character, parent: pid_t)? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
        return (state, parent)
    }
}
