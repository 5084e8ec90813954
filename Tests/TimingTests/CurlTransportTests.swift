import AssistClient
import AssistCurl
import Foundation
import FoundationNetworking
import Glibc
import ScriptedUpstream
import Testing

/// The client kit's Linux transport (`CurlTransport`, libcurl on an event loop) against a live server: the head and
/// the body as they arrive, cancellation closing the connection, a refused connection named as such, and waiting
/// without spinning. In this serial pass, so the process's CPU during a test is that test's.
@Suite("The client kit's Linux transport")
struct CurlTransportTests {
    func request(_ upstream: ScriptedUpstream) -> URLRequest {
        var request = URLRequest(url: URL(string: upstream.baseURL + "/chat/completions")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"model":"m","stream":true,"messages":[{"role":"user","content":"Hi"}]}"#.utf8)
        return request
    }

    /// User plus system CPU of this process so far.
    func processCPU() -> Duration {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func duration(_ time: timeval) -> Duration { .seconds(time.tv_sec) + .microseconds(time.tv_usec) }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }

    @Test("the head comes once with lower-cased names, then the body as it arrives, then the end")
    func headThenBody() async throws {
        let upstream = try ScriptedUpstream(script: Script(tokens: ["one", "two", "three"]))
        defer { upstream.stop() }
        var status = 0, headers: [String: String] = [:], body = Data(), heads = 0
        for try await event in CurlTransport().send(request(upstream)) {
            switch event {
            case .head(let code, let fields):
                (status, headers, heads) = (code, fields, heads + 1)
            case .body(let bytes):
                #expect(heads == 1, "body before the head")
                body.append(bytes)
            }
        }
        #expect(status == 200 && heads == 1)
        #expect(headers["content-type"]?.hasPrefix("text/event-stream") == true, "\(headers)")
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains("one") && text.contains("three") && text.contains("[DONE]"), "\(text)")
    }

    @Test("a response without a body still gives its head, then the end")
    func headWithoutBody() async throws {
        let upstream = try ScriptedUpstream()
        defer { upstream.stop() }
        var request = URLRequest(url: URL(string: upstream.baseURL + "/models")!)
        request.httpMethod = "HEAD"
        var heads: [Int] = []
        for try await event in CurlTransport().send(request) {
            if case .head(let status, _) = event { heads.append(status) }
        }
        #expect(heads.count == 1, "\(heads)")
    }

    @Test("a stream trickling for 2 s costs under a quarter of a core: the transport sleeps between events")
    func waitsWithoutSpinning() async throws {
        // URLSession on Linux spent about a whole core here (8 s of CPU over a 10-s trickle).
        let upstream = try ScriptedUpstream(script: Script(tokens: Array(repeating: "word ", count: 20), interval: .milliseconds(100)))
        defer { upstream.stop() }
        let transport = CurlTransport()
        let wallStart = ContinuousClock.now
        let cpuStart = processCPU()
        var bytes = 0
        for try await event in transport.send(request(upstream)) {
            if case .body(let data) = event { bytes += data.count }
        }
        let cpu = processCPU() - cpuStart, wall = ContinuousClock.now - wallStart
        #expect(bytes > 0)
        #expect(wall >= .seconds(1.9))
        #expect(cpu < wall / 4, "CPU \(cpu) over \(wall) of streaming")
    }

    @Test("leaving the stream cancels the exchange: the server sees the connection close")
    func cancelCloses() async throws {
        let upstream = try ScriptedUpstream(script: Script(tokens: ["a", "b"], ending: .stall))
        defer { upstream.stop() }
        let transport = CurlTransport()
        let reader = Task {
            var sawBody = false
            for try await event in transport.send(request(upstream)) {
                if case .body = event { sawBody = true; break }
            }
            return sawBody
        }
        #expect(try await reader.value)
        let ended = await upstream.waitForEnd(of: 0, timeout: .seconds(30))
        #expect(ended?.disconnectedAt != nil, "the server never saw the client leave")
    }

    @Test("nothing listening: the stream fails with a refused connection, at once, naming no Foundation dump")
    func refused() async throws {
        // A port just released by a listener of ours: nothing listens there now.
        let upstream = try ScriptedUpstream()
        let url = upstream.baseURL
        upstream.stop()
        var request = URLRequest(url: URL(string: url + "/chat/completions")!)
        request.httpMethod = "POST"
        request.httpBody = Data("{}".utf8)
        do {
            for try await _ in CurlTransport().send(request) {}
            Issue.record("a refused connection streamed")
        } catch let error as TransportError {
            let failure = try #require(error.cause as? CurlExchange.Failure, "\(error.cause)")
            #expect(failure.isRefused, "\(failure)")
            #expect(failure.message == "Couldn't connect to server")
        }
    }
}
