public import AssistHTTPServer

/// Stops a server the way SIGINT/SIGTERM should: stop accepting, let in-flight streams finish for up to
/// `drain`, then cancel what is left (those streams end with an `error` event) and close everything.
public enum GracefulShutdown {
    /// Returns true when everything finished inside the drain time.
    @discardableResult
    public static func run(_ server: HTTPServer, drain: Duration) async -> Bool {
        server.stopAccepting()
        let drained = await server.waitForInFlight(timeout: drain)
        if !drained {
            server.cancelInFlight()
            _ = await server.waitForInFlight(timeout: .seconds(2))
        }
        server.stop()
        return drained
    }
}
