#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// How much the log says. A line is written when its level is at or above the configured one.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    case debug, info, notice, warning, error

    public init?(name: String) {
        guard let level = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = level
    }

    public var description: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .notice: "notice"
        case .warning: "warning"
        case .error: "error"
        }
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How a line is written: `text` for a person at a terminal (`assist: message key=value`), `json` for a log
/// collector (one object per line, the fields as keys).
public enum LogFormat: String, Sendable, CaseIterable {
    case text, json
}

/// One value of a log line's field.
public enum LogValue: Sendable, Equatable, CustomStringConvertible {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)

    public var description: String {
        switch self {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): String(flag)
        }
    }
}

/// The process's one log: every line of the gateway, its server, its stores and its services goes through a
/// `Logger`, to standard error by default, in the format and from the level `assist serve` was given
/// (`--log-format`, `--log-level`). Lines carry metadata only (ids, codes, counts, causes), never a user's
/// text: callers pass no content, and no field exists for it.
///
/// Process-wide, as the stream it writes to is: configured once at start-up, before the lines that matter.
public enum LogSystem {
    /// Where finished lines go; one call per line, newline included, so lines from threads never interleave.
    public typealias Output = @Sendable ([UInt8]) -> Void

    /// `notice` until configured: a library (a test, a tool) is not told every request's end; `assist serve`
    /// configures `info` unless told otherwise.
    private static let level = Atomic<Int>(LogLevel.notice.rawValue)
    private static let settings = Mutex(Destination(format: .text, output: standardError))
    private static let observers = Mutex<[Int: Destination]>([:])
    private static let observerCount = Atomic<Int>(0)
    private static let nextObserver = Atomic<Int>(0)

    public static func configure(level: LogLevel = .notice, format: LogFormat = .text, output: @escaping Output = standardError) {
        settings.withLock { $0 = Destination(format: format, output: output) }
        self.level.store(level.rawValue, ordering: .releasing)
    }

    /// Whether a line at `level` would be written or observed (so a caller can skip building it).
    public static func enabled(_ level: LogLevel) -> Bool {
        level.rawValue >= self.level.load(ordering: .acquiring) || observerCount.load(ordering: .relaxed) > 0
    }

    /// Hands every line from now on, of every level, to `observer` as JSON, whatever the configured level and
    /// format, until `stopObserving` with the returned token: how an in-process test reads what its own
    /// requests logged while others log at once.
    public static func observe(_ observer: @escaping Output) -> Int {
        let token = nextObserver.add(1, ordering: .relaxed).newValue
        observers.withLock { $0[token] = Destination(format: .json, output: observer) }
        observerCount.add(1, ordering: .releasing)
        return token
    }

    public static func stopObserving(_ token: Int) {
        if observers.withLock({ $0.removeValue(forKey: token) }) != nil { observerCount.subtract(1, ordering: .releasing) }
    }

    static func write(_ level: LogLevel, label: String?, message: String, fields: [(String, LogValue)]) {
        let time = LogLine.now()
        if level.rawValue >= self.level.load(ordering: .acquiring) {
            let destination = settings.withLock { $0 }
            destination.output(LogLine.render(format: destination.format, level: level, label: label, message: message, fields: fields, time: time))
        }
        guard observerCount.load(ordering: .acquiring) > 0 else { return }
        let watching = observers.withLock { Array($0.values) }
        guard !watching.isEmpty else { return }
        let line = LogLine.render(format: .json, level: level, label: label, message: message, fields: fields, time: time)
        for observer in watching { observer.output(line) }
    }

    /// A format and the output its lines go to, held by reference. A closure kept in a lock's generic state came
    /// back from each `withLock { $0 }` wrapped in two more reabstraction thunks, written back into the state, so
    /// every line was called through a chain as long as the lines before it: 40 % of the gateway's CPU at 500/s
    /// and memory that only grew. Read out of a class, the closure is never re-wrapped.
    private final class Destination: Sendable {
        let format: LogFormat
        let output: Output

        init(format: LogFormat, output: @escaping Output) {
            self.format = format
            self.output = output
        }
    }

    /// Writes whole lines to file descriptor 2, retrying short writes and interrupted calls.
    public static let standardError: Output = { line in
        var offset = 0
        line.withUnsafeBytes { raw in
            while offset < raw.count {
                let written = Glibc.write(2, raw.baseAddress! + offset, raw.count - offset)
                if written > 0 { offset += written } else if written < 0 && errno == EINTR { continue } else { return }
            }
        }
    }
}

/// Writes log lines with the fields it carries (a request's id, its trace and span) added to each.
public struct Logger: Sendable {
    /// What part of the process speaks ("audit spool", "server"); the text format puts it before the message.
    public var label: String?
    public private(set) var fields: [(String, LogValue)]

    public init(label: String? = nil, fields: [(String, LogValue)] = []) {
        self.label = label
        self.fields = fields
    }

    /// The same logger with more fields on every line.
    public func with(_ more: [(String, LogValue)]) -> Logger {
        var logger = self
        logger.fields += more
        return logger
    }

    public func log(_ level: LogLevel, _ message: @autoclosure () -> String, _ more: [(String, LogValue)] = []) {
        guard LogSystem.enabled(level) else { return }
        LogSystem.write(level, label: label, message: message(), fields: more.isEmpty ? fields : fields + more)
    }

    public func debug(_ message: @autoclosure () -> String, _ more: [(String, LogValue)] = []) { log(.debug, message(), more) }
    public func info(_ message: @autoclosure () -> String, _ more: [(String, LogValue)] = []) { log(.info, message(), more) }
    public func notice(_ message: @autoclosure () -> String, _ more: [(String, LogValue)] = []) { log(.notice, message(), more) }
    public func warning(_ message: @autoclosure () -> String, _ more: [(String, LogValue)] = []) { log(.warning, message(), more) }
    public func error(_ message: @autoclosure () -> String, _ more: [(String, LogValue)] = []) { log(.error, message(), more) }
}

extension Logger {
    /// The fields of a request's lines: `request_id`, then the trace's `trace_id` and `span_id`, in one array.
    public static func requestFields(id: String, trace: TraceContext) -> [(String, LogValue)] {
        [("request_id", .string(id)), ("trace_id", .string(trace.traceIdHex)), ("span_id", .string(trace.spanId.hex))]
    }
}
