@testable import AssistHTTPServer
import Testing

/// `ReadPace`, the rule that tells a stalled client from a slow one, on instants a test chooses.
@Suite("Read pace")
struct ReadPaceTests {
    /// One check: milliseconds from the start, bytes taken so far, and (since, taken then) while bytes wait.
    typealias Check = (at: Int, taken: Int, waiting: (since: Int, takenThen: Int)?)

    /// The verdict of each check, in order, against 200 bytes/s over 1 s.
    func verdicts(_ checks: [Check]) -> [Bool] {
        let start = ContinuousClock.now
        var pace = ReadPace(minBytesPerSecond: 200, window: .seconds(1))
        return checks.map { check in
            pace.check(at: start + .milliseconds(check.at), taken: check.taken,
                       waiting: check.waiting.map { (start + .milliseconds($0.since), $0.takenThen) })
        }
    }

    @Test("a client reading steadily above the rate is never stalled, however long bytes wait for it")
    func steadyReader() {
        // 250 bytes a second for ten minutes, checked ten times a second, bytes waiting all along.
        let checks: [Check] = (1...6000).map { tick in (tick * 100, tick * 25, (0, 0)) }
        #expect(!verdicts(checks).contains(true))
    }

    @Test("a client that stops reading is stalled once a whole window has passed with bytes waiting, not before")
    func stalledReader() {
        #expect(verdicts([(500, 10_000, (0, 10_000)), (900, 10_000, (0, 10_000)), (1000, 10_000, (0, 10_000))]) == [false, false, true])
    }

    @Test("time with nothing waiting does not count: only from when bytes wait is the client measured")
    func nothingWaiting() {
        let idle: [Check] = (1...100).map { tick in (tick * 100, 0, nil) }
        #expect(verdicts(idle + [(10_500, 0, (10_000, 0)), (11_000, 0, (10_000, 0))]) == Array(repeating: false, count: 101) + [true])
    }

    @Test("a new run of waiting is measured afresh: a slow stretch before the client caught up is forgotten")
    func caughtUp() {
        #expect(verdicts([(900, 0, (0, 0)), (950, 5000, nil), (1500, 5000, (1000, 5000)), (2000, 5300, (1000, 5000))])
                == [false, false, false, false])
    }
}
