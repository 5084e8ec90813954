@testable import AssistGateway
import Testing

@Suite("CircuitBreaker")
struct CircuitBreakerTests {
    let start = ContinuousClock.Instant.now
    let settings = BreakerSettings(failures: 3, openSeconds: 30)

    @Test func opensAfterConsecutiveFailuresOnly() {
        var breaker = CircuitBreaker(settings: settings)
        breaker.failed(at: start)
        breaker.failed(at: start)
        breaker.succeeded()  // a success resets the run
        breaker.failed(at: start)
        breaker.failed(at: start)
        #expect(breaker.admit(at: start) == .pass)
        breaker.failed(at: start)
        #expect(breaker.isOpen)
        #expect(breaker.admit(at: start + .seconds(29)) == .skip)
    }

    @Test func letsOneProbeThroughAfterOpenSecondsThenClosesOrReopens() {
        var breaker = CircuitBreaker(settings: BreakerSettings(failures: 1, openSeconds: 30))
        breaker.failed(at: start)
        #expect(breaker.admit(at: start + .seconds(30)) == .probe)
        #expect(breaker.admit(at: start + .seconds(31)) == .skip, "one probe at a time")
        breaker.failed(at: start + .seconds(32))
        #expect(breaker.admit(at: start + .seconds(61)) == .skip, "a failed probe opens it for openSeconds again")
        #expect(breaker.admit(at: start + .seconds(62)) == .probe)
        breaker.succeeded()
        #expect(!breaker.isOpen)
        #expect(breaker.admit(at: start + .seconds(62)) == .pass)
    }

    @Test func anAbandonedProbeIsReplacedAfterOpenSeconds() {
        var breaker = CircuitBreaker(settings: BreakerSettings(failures: 1, openSeconds: 10))
        breaker.failed(at: start)
        #expect(breaker.admit(at: start + .seconds(10)) == .probe)
        #expect(breaker.admit(at: start + .seconds(19)) == .skip)
        #expect(breaker.admit(at: start + .seconds(20)) == .probe)
    }

    @Test func aLateFailureOfACallAdmittedBeforeTheBreakerOpenedChangesNothing() {
        var breaker = CircuitBreaker(settings: BreakerSettings(failures: 1, openSeconds: 10))
        breaker.failed(at: start)
        breaker.failed(at: start + .seconds(9))
        #expect(breaker.admit(at: start + .seconds(10)) == .probe, "still opened at the first failure")
    }
}
