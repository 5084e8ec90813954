@testable import AssistTelemetry
import Synchronization
import Testing

/// The process log's two formats, byte for byte, and its level.
@Suite struct LogLineTests {
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
