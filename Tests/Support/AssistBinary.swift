public import Foundation

/// The `assist` binary itself, as a user runs it (built next to the test bundle by `swift build --build-tests`).
public enum AssistBinary {
    public static var url: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("assist")
    }

    public struct Result: Sendable { public var status: Int32; public var stdout: String; public var stderr: String }

    /// A running `assist` whose standard output is read as it comes.
    public struct Running: Sendable {
        public let process: Process
        public let stdout: Pipe

        /// Reads stdout until `marker` appears (or it closes); returns what was read.
        public func output(until marker: String) async throws -> String {
            let handle = stdout.fileHandleForReading
            return try await onOwnThread {
                var text = ""
                while !text.contains(marker) {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    text += String(decoding: data, as: UTF8.self)
                }
                return text
            }
        }

        /// Waits for the process to end, at most `limit`; past it, kills it and throws. Polls instead of
        /// `waitUntilExit`, which spins a run loop (a whole core) and never returns if the process never ends.
        public func exit(within limit: Duration = .seconds(30)) async throws {
            let deadline = ContinuousClock.now + limit
            while process.isRunning {
                guard ContinuousClock.now < deadline else {
                    kill(process.processIdentifier, SIGKILL)
                    throw ExitTimeout(arguments: process.arguments ?? [], limit: limit)
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    public struct ExitTimeout: Error, CustomStringConvertible {
        public let arguments: [String]
        public let limit: Duration
        public var description: String { "assist \(arguments.joined(separator: " ")) still running after \(limit); killed" }
    }

    /// Starts `assist` with `environment` added to this process's; its standard error goes to `stderr` (a
    /// file), or nowhere.
    /// `launcher` runs it under another program, e.g. `["/usr/bin/prlimit", "--nofile=1024:1024"]`.
    public static func start(_ arguments: [String], stderr: URL? = nil, environment: [String: String] = [:],
                             launcher: [String] = []) throws -> Running {
        let process = Process()
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(launcher.dropFirst()) + [url.path] + arguments
        } else {
            process.executableURL = url
            process.arguments = arguments
        }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let out = Pipe()
        process.standardOutput = out
        if let stderr {
            _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: stderr)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        return Running(process: process, stdout: out)
    }

    /// Starts `assist` on a full disk, as far as its files are concerned: through `/bin/sh`, with the soft
    /// file-size limit (`RLIMIT_FSIZE`) at 0 and `SIGXFSZ` ignored, so that every write that would grow a file
    /// fails (`EFBIG`, where a full disk says `ENOSPC`) and nothing else does; no mount, no root. Its standard
    /// error joins its standard output (a log file could not grow either). `exec` keeps the process the one
    /// the shell started, so `prlimit --pid` can give it room again.
    public static func startOnFullDisk(_ arguments: [String]) throws -> Running {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "trap '' XFSZ; ulimit -S -f 0; exec \"$0\" \"$@\" 2>&1", url.path] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        return Running(process: process, stdout: out)
    }

    public static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try run(executable: url, arguments, environment: environment)
    }

    /// Runs another program the same way (a tool a test drives beside `assist`, e.g. `java`), read to its end.
    public static func run(executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}

