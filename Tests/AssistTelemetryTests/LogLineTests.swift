@testable import AssistTelemetry
import Synchronization
import Testing

/// The process log's two formats, byte for byte, and its level.
// Serialized: two of its tests configure the process's one log output, and each resets it when done, so run side by
// side one took the other's lines (a run saw 441 of 3,000).
@Suite(.serialized) struct LogLineTests {
    let fields: [(String, LogValue)] = [("request_id", .string("req_1")), ("status", .int(429)), ("ms", .double(1.5)), ("cached", .bool(false)),
                                        ("reason", .string("two words"))]

    @Test("text: assist: message, then key=value, a value with spaces or quotes quoted as JSON")
    func text() {
        let line = LogLine.render(format: .text, level: .info, label: "server", message: "request ended", fields: fields, time: (0, 0))
        #expect(String(decoding: line, as: UTF8.self)
            == "assist: server: request ended request_id=req_1 status=429 ms=1.5 cached=false reason=\"two words\"\n")
        let error = LogLine.render(format: .text, level: .error, label: nil, message: "failed", fields: [], time: (0, 0))
        #expect(String(decoding: error, as: UTF8.self) == "assist: error: failed\n")
    }

    @Test("json: one object per line, the time in UTC to the millisecond, fields as keys, strings escaped")
    func json() {
        let line = LogLine.render(format: .json, level: .warning, label: "audit spool", message: "a \"quoted\"\nline\u{1}",
                                  fields: fields + [("bad", .double(.nan))], time: (1_796_216_645, 7))
        #expect(String(decoding: line, as: UTF8.self) == """
            {"time":"2026-12-02T13:04:05.007Z","level":"warning","logger":"audit spool","message":"a \\"quoted\\"\\nline\\u0001",\
            "request_id":"req_1","status":429,"ms":1.5,"cached":false,"reason":"two words","bad":"nan"}

            """)
    }

    @Test("the configured level filters; the output gets whole lines")
    func level() {
        let lines = Mutex<[String]>([])
        LogSystem.configure(level: .warning, format: .json) { line in lines.withLock { $0.append(String(decoding: line, as: UTF8.self)) } }
        defer { LogSystem.configure() }
        let marker = "marker-\(UInt64.random(in: 0...UInt64.max))"
        let logger = Logger(fields: [("marker", .string(marker))])
        logger.info("not written")
        logger.warning("written")
        #expect(LogSystem.enabled(.error))
        let mine = lines.withLock { $0.filter { $0.contains(marker) } }
        #expect(mine.count == 1 && mine[0].hasSuffix("\"message\":\"written\",\"marker\":\"\(marker)\"}\n"))
    }

    /// How deep the stack is here: the address of a local on this frame.
    @inline(never)
    static func stackAddress() -> Int {
        var local = 0
        return withUnsafeMutablePointer(to: &local) { Int(bitPattern: $0) }
    }

    /// The output and the observers are stored where reading them cannot re-wrap them: a closure read out of a
    /// generic lock's state through `inout` came back wrapped in two more reabstraction thunks each time, so every
    /// line called through a chain as long as the lines before it (40 % of the gateway's CPU at 500/s, and its
    /// memory growing). Measured as stack depth between the logger and the output, which a chain of thunks deepens.
    @Test("a line reaches the output and the observers through the same depth after thousands of lines")
    func outputIsNeverRewrapped() {
        let depths = Mutex<[Int]>([])
        let observed = Mutex<[Int]>([])
        let base = Mutex(0)
        LogSystem.configure(level: .warning, format: .text) { _ in
            let here = Self.stackAddress()
            depths.withLock { $0.append(base.withLock { $0 } - here) }
        }
        defer { LogSystem.configure() }
        let token = LogSystem.observe { _ in
            let here = Self.stackAddress()
            observed.withLock { $0.append(base.withLock { $0 } - here) }
        }
        defer { LogSystem.stopObserving(token) }
        let logger = Logger(label: "depth")
        for _ in 0..<3_000 {
            base.withLock { $0 = Self.stackAddress() }
            logger.warning("line")
        }
        for series in [depths.withLock { $0 }, observed.withLock { $0 }] {
            #expect(series.count >= 3_000)
            guard let first = series.first, let last = series.last else { continue }
            // A chain of 6,000 thunks is at least 96 KiB deeper; the same path is the same depth.
            #expect(abs(last - first) < 4_096, "first line \(first) bytes deep, last \(last)")
        }
    }

    @Test("an observer sees every line as JSON, at every level, until it stops observing")
    func observer() {
        let seen = Mutex<[String]>([])
        let marker = "marker-\(UInt64.random(in: 0...UInt64.max))"
        let token = LogSystem.observe { line in seen.withLock { $0.append(String(decoding: line, as: UTF8.self)) } }
        let logger = Logger(label: "test", fields: [("marker", .string(marker))])
        #expect(LogSystem.enabled(.debug))
        logger.debug("below any configured level")
        LogSystem.stopObserving(token)
        logger.warning("after")
        let mine = seen.withLock { $0.filter { $0.contains(marker) } }
        #expect(mine.count == 1 && mine[0].contains("\"level\":\"debug\",\"logger\":\"test\",\"message\":\"below any configured level\""))
    }

    @Test("levels and formats by name, as the command line gives them")
    func names() {
        #expect(LogLevel(name: "notice") == .notice && LogLevel(name: "verbose") == nil)
        #expect(LogFormat(rawValue: "json") == .json && LogFormat(rawValue: "xml") == nil)
    }
}
