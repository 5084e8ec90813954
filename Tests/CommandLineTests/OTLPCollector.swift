import AssistTelemetry
import AssistTestSupport
import Foundation

/// `tools/otlp_collector.py` as a child of the test: an OTLP/HTTP collector on a free loopback port that decodes
/// what it is sent with the reference implementation (opentelemetry-proto from PyPI) and writes each span as a JSON
/// line. It ends when the test calls `stop()`, or when the test process ends (its standard input is our pipe).
final class OTLPCollector: @unchecked Sendable {
    let process: Process
    let port: Int
    let output: URL
    private let input: Pipe

    var endpoint: String { "http://127.0.0.1:\(port)/v1/traces" }

    /// Starts the collector in `mode` (`ok`, `hang`, `status=503`) and waits for its port.
    init(mode: String = "ok") async throws {
        output = FileManager.default.temporaryDirectory.appendingPathComponent("assist-otlp-\(UUID().uuidString).jsonl")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../tools/otlp_collector.py").standardized
        let process = Process(), input = Pipe(), out = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, output.path, "--mode", mode, "--until-stdin-closes"]
        process.standardInput = input
        process.standardOutput = out
        try process.run()
        self.process = process
        self.input = input
        let first = try await onOwnThread {
            var text = ""
            while !text.contains("\n") {
                let data = out.fileHandleForReading.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            return text
        }
        guard let port = Int(first.split(separator: "\n").first ?? "") else {
            process.terminate()
            throw CollectorFailure(description: "tools/otlp_collector.py did not start (it needs opentelemetry-proto and protobuf: "
                                   + "scripts/setup.sh installs them); it said \(first.debugDescription)")
        }
        self.port = port
    }

    struct CollectorFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Ends the collector and removes its output.
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: output)
    }

    /// Every whole line written so far: the spans decoded, and any request that did not decode (`error`). A line
    /// the collector is still writing (a large record reaches the file in more than one write) has no newline yet
    /// and is left for the next read.
    func records() throws -> [[String: Any]] {
        guard let data = FileManager.default.contents(atPath: output.path) else { return [] }
        let whole = data[..<(data.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? data.startIndex)]
        return try whole.split(separator: UInt8(ascii: "\n")).map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                throw CollectorFailure(description: "not an object: \(String(decoding: line, as: UTF8.self))")
            }
            return object
        }
    }

    /// The decoded spans, once at least `count` have arrived or `limit` has passed.
    func spans(atLeast count: Int, within limit: Duration = .seconds(10)) async throws -> [CollectedSpan] {
        let deadline = ContinuousClock.now + limit
        while true {
            let spans = try records().map(CollectedSpan.init)
            if spans.count >= count || ContinuousClock.now >= deadline { return spans }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

/// One span as the reference decoder read it.
struct CollectedSpan: Equatable {
    var traceId = "", spanId = "", parentSpanId = "", traceState = "", name = ""
    var kind = 0, flags = 0, droppedAttributesCount = 0
    var start: UInt64 = 0, end: UInt64 = 0
    var attributes: [String: AttributeValue] = [:]
    var statusCode = 0, statusMessage = ""
    var resource: [String: String] = [:]
    var scopeName = "", scopeVersion = ""
    var contentType = ""
    var headers: [String: String] = [:]
    /// Why the collector could not decode a request (a line of its own, with no span).
    var error: String?

    init(_ record: [String: Any]) {
        func number(_ key: String) -> NSNumber? { record[key] as? NSNumber }
        error = record["error"] as? String
        traceId = record["traceId"] as? String ?? ""
        spanId = record["spanId"] as? String ?? ""
        parentSpanId = record["parentSpanId"] as? String ?? ""
        traceState = record["traceState"] as? String ?? ""
        name = record["name"] as? String ?? ""
        kind = number("kind")?.intValue ?? -1
        flags = number("flags")?.intValue ?? -1
        droppedAttributesCount = number("droppedAttributesCount")?.intValue ?? -1
        start = number("start")?.uint64Value ?? 0
        end = number("end")?.uint64Value ?? 0
        let kinds = record["attributeKinds"] as? [String: String] ?? [:]
        for (key, value) in record["attributes"] as? [String: Any] ?? [:] {
            attributes[key] = Self.attribute(value, kind: kinds[key] ?? "")
        }
        let status = record["status"] as? [String: Any] ?? [:]
        statusCode = (status["code"] as? NSNumber)?.intValue ?? -1
        statusMessage = status["message"] as? String ?? ""
        resource = (record["resource"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
        let scope = record["scope"] as? [String: Any] ?? [:]
        scopeName = scope["name"] as? String ?? ""
        scopeVersion = scope["version"] as? String ?? ""
        contentType = record["contentType"] as? String ?? ""
        headers = (record["headers"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
    }

    /// An attribute's value by the kind the decoder found (`string_value`, `int_value`...): JSON alone cannot tell
    /// `1` from `1.0` or `true`.
    static let special: [String: Double] = ["NaN": .nan, "Infinity": .infinity, "-Infinity": -.infinity]

    static func attribute(_ value: Any, kind: String) -> AttributeValue? {
        switch kind {
        case "string_value": (value as? String).map { .string($0) }
        case "bool_value": (value as? NSNumber).map { .bool($0.boolValue) }
        case "int_value": (value as? NSNumber).map { .int($0.int64Value) }
        case "double_value": ((value as? String).flatMap { special[$0] } ?? (value as? NSNumber)?.doubleValue).map { .double($0) }
        case "array_value": (value as? [Any]).map { .strings($0.compactMap { $0 as? String }) }
        default: nil
        }
    }

    /// The span's own fields: the request's (resource, scope, content type, headers) cleared.
    var spanFields: CollectedSpan {
        var fields = self
        fields.resource = [:]
        fields.scopeName = ""
        fields.scopeVersion = ""
        fields.contentType = ""
        fields.headers = [:]
        return fields
    }

    /// What a correct encoding of `span` decodes to (the collector's line for it, but for the resource and request).
    static func expected(_ span: SpanData) -> CollectedSpan {
        var expected = CollectedSpan([:])
        expected.traceId = span.traceId.hex
        expected.spanId = span.spanId.hex
        expected.parentSpanId = span.parentSpanId?.hex ?? ""
        expected.traceState = span.traceState ?? ""
        expected.name = span.name
        expected.kind = span.kind.rawValue
        expected.flags = 1
        expected.droppedAttributesCount = 0
        expected.start = span.startUnixNano
        expected.end = span.endUnixNano
        expected.attributes = Dictionary(span.attributes.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        switch span.status {
        case .unset: expected.statusCode = 0
        case .ok: expected.statusCode = 1
        case .error(let message): (expected.statusCode, expected.statusMessage) = (2, message)
        }
        return expected
    }
}
