import AssistServices

/// The connection of one client thread, made when first needed and again after it breaks, with back-off
/// between failed attempts. Used by that thread only.
final class PostgresSession {
    private let url: String
    private let connectTimeoutSeconds: Int
    private let applicationName: String
    private var backoff: ReconnectBackoff
    private var current: PostgresConnection?
    private var lastError: PostgresError?
    /// Told whether the session has a connection, each time that may have changed.
    private let report: (Bool) -> Void

    init(url: String, settings: PostgresClient.Settings, report: @escaping (Bool) -> Void) {
        self.url = url
        connectTimeoutSeconds = settings.connectTimeoutSeconds
        applicationName = settings.applicationName
        backoff = ReconnectBackoff(first: settings.reconnectDelay, limit: settings.maxReconnectDelay)
        self.report = report
    }

    /// The open connection, or a new one (`fresh`), or why there is none: the connect attempt's error, or,
    /// while backing off, that error again at once, without an attempt.
    func connection() throws(PostgresError) -> (connection: PostgresConnection, fresh: Bool) {
        if let current, !current.isBroken { return (current, false) }
        if current != nil { drop() }
        let now = ContinuousClock.now
        guard backoff.allows(at: now) else {
            throw PostgresError(.unreachable, "not retrying yet after \(backoff.failures) failed attempts: \(lastError?.message ?? "")")
        }
        do {
            let connection = try PostgresConnection(url: url, connectTimeoutSeconds: connectTimeoutSeconds, applicationName: applicationName)
            backoff.succeeded()
            current = connection
            report(true)
            return (connection, true)
        } catch {
            backoff.failed(at: .now)
            lastError = error
            throw error
        }
    }

    /// Closes the connection; the next `connection()` makes a new one at once (a broken connection is not a
    /// failed attempt: the server may well be back).
    func drop() {
        current?.close()
        current = nil
        report(false)
    }
}
