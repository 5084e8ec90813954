import AssistHTTP
import AssistHTTPServer
import AssistTestSupport
import Testing

/// The server's one life as a `Service`: `run()` serves until `stop()` and returns once everything of it,
/// the loops' threads included, has ended.
@Suite("HTTP server as a service")
struct HTTPServerServiceTests {
    func server(host: String = "127.0.0.1") throws -> HTTPServer {
        var configuration = HTTPServer.Configuration()
        configuration.host = host
        configuration.port = 0
        return try HTTPServer(configuration: configuration, responder: ClosureResponder { _ in
            HTTPResponse(status: 200, body: .bytes(Array("up".utf8)))
        })
    }

    @Test("run() starts a server that was not started, serves, and returns after shutdown()")
    func runServesUntilShutdown() async throws {
        let server = try server()
        let running = Task { try await server.run() }
        while server.port == 0 { await Task.yield() }
        #expect(try await testRequest(port: server.port, path: "/").text == "up")
        server.shutdown()
        try await running.value
        #expect(throws: HTTPServerError.self) { try server.start() }  // a server lives once
    }

    @Test("run() after start() only waits; after stop() it returns at once; stop() is idempotent")
    func runAfterStartAndStop() async throws {
        let server = try server()
        try server.start()
        #expect(throws: HTTPServerError.self) { try server.start() }
        let running = Task { try await server.run() }
        server.stop()
        server.stop()
        try await running.value
        try await server.run()

        let neverStarted = try self.server()
        neverStarted.stop()
        try await neverStarted.run()
    }

    @Test("run() on a server that cannot start throws, leaving nothing running")
    func runFailure() async throws {
        let server = try server(host: "not-an-address")
        await #expect(throws: HTTPServerError.self) { try await server.run() }
        try await server.run()  // stopped by the failure: returns at once
    }
}
