import AssistServices
import Testing

/// One back-off rule for every store client: at once at first and after a success, then doubling to a cap.
@Suite("Reconnect back-off")
struct ReconnectBackoffTests {
    @Test func doublesToItsLimitAndStartsOverAfterASuccess() {
        var backoff = ReconnectBackoff(first: .milliseconds(100), limit: .milliseconds(500))
        let start = ContinuousClock.now
        #expect(backoff.allows(at: start))
        #expect([1, 2, 3, 4].map { _ in backoff.failed(at: start) } == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(500)])
        #expect(backoff.failures == 4)
        #expect(!backoff.allows(at: start + .milliseconds(499)))
        #expect(backoff.allows(at: start + .milliseconds(500)))
        backoff.succeeded()
        #expect(backoff.allows(at: start) && backoff.nextAttempt == nil)
        #expect(backoff.failed(at: start) == .milliseconds(100))
    }
}
