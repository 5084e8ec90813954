@testable import AssistHTTPServer
import AssistWire
import Foundation
import Testing

/// The connection machine against h11 (PyPI), a strict HTTP/1.1 implementation: over generated connections
/// (pipelined requests, both body framings, HTTP/1.0, and mutations h11 refuses), fed in pieces, the machine
/// reads the same requests h11 reads, and refuses where h11 does (`tools/http1_oracle.py`).
@Suite("HTTP/1.1 connection machine against h11")
struct HTTP1DifferentialTests {
    struct Read: Equatable {
        var method: String
        var target: String
        var headers: [[String]]
        var body: [UInt8]
    }

    @Test("400 generated connections: the same requests as h11, and a refusal wherever h11 refuses")
    func againstH11() throws {
        let oracle = try PythonOracle.run("http1_oracle.py", ["--seed", "20261202", "--cases", "400"])
        #expect(oracle.status == 0, "tools/http1_oracle.py needs h11 (scripts/setup.sh installs it)")
        #expect(oracle.lines.count == 400)
        var refusalsCompared = 0
        for (index, line) in oracle.lines.enumerated() {
            guard let bytes = line["bytes"]?.stringValue.flatMap({ Data(base64Encoded: $0) }).map(Array.init) else {
                Issue.record("case \(index) has no bytes")
                continue
            }
            let splits = (line["splits"]?.arrayValue ?? []).compactMap(\.intValue)
            let expected = (line["requests"]?.arrayValue ?? []).map { request in
                Read(method: request["method"]?.stringValue ?? "", target: request["target"]?.stringValue ?? "",
                     headers: (request["headers"]?.arrayValue ?? []).map { pair in (pair.arrayValue ?? []).compactMap(\.stringValue) },
                     body: request["body"]?.stringValue.flatMap { Data(base64Encoded: $0) }.map(Array.init) ?? [])
            }
            let refusedByH11 = line["error"]?.boolValue == true
            let (read, refused) = Self.feed(bytes, splits: splits)
            #expect(read == expected, "case \(index) (\(line["mutation"]?.stringValue ?? "valid")): \(String(decoding: bytes.prefix(200), as: UTF8.self))")
            #expect(refused == refusedByH11, "case \(index) (\(line["mutation"]?.stringValue ?? "valid")) refused: \(refused), by h11: \(refusedByH11)")
            if refusedByH11 { refusalsCompared += 1 }
        }
        #expect(refusalsCompared >= 60, "the mutations must reach the refusals")
    }

    /// What the machine reads from `bytes` fed in pieces cut at `splits`, answering each request with an empty 200.
    static func feed(_ bytes: [UInt8], splits: [Int]) -> (read: [Read], refused: Bool) {
        let limits = HTTP1Connection.Limits(maxHeaderBytes: 16 * 1024, maxHeaderFields: 100, maxCookieBytes: 8 * 1024,
                                            maxBodyBytes: 1 << 20, maxBufferedBytes: 1 << 20)
        var connection = HTTP1Connection(limits: limits) { _ in Array("REFUSED".utf8) }
        var read: [Read] = [], refused = false
        var pending: [HTTP1Connection.Action] = []
        let bounds = [0] + splits.filter { $0 > 0 && $0 < bytes.count } + [bytes.count]
        for (start, end) in zip(bounds, bounds.dropFirst()) {
            pending += connection.received(bytes[start..<end])
            while !pending.isEmpty {
                switch pending.removeFirst() {
                case .deliver(let request):
                    read.append(Read(method: request.head.method, target: request.head.target,
                                     headers: request.head.fields.map { [$0.name.lowercased(), $0.value] }, body: request.body))
                    pending += connection.respond(status: 200, reason: "OK", headers: [], body: .bytes([]), date: "-")
                case .write(let written) where written == Array("REFUSED".utf8): refused = true
                default: break
                }
            }
        }
        return (read, refused)
    }
}
