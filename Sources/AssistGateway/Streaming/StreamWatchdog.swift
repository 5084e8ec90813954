import AssistHTTP
public import AssistServices
import AssistWire
import Synchronization

/// Pings and deadlines for every open stream of one gateway, from one loop instead of a task per stream.
///
/// Every `tick` it sends a ping to each stream whose ping is due (skipped, not queued, when the client is
/// behind: data is already waiting for it) and cancels the provider call of each stream whose deadline has
/// passed: the first-token timeout until the first delta, then the idle timeout after each delta. A tick of
/// 50 ms bounds how late a timeout or ping fires; it costs nothing per stream between ticks.
///
/// It is a `Service`: streams are watched only while `run()` runs, so whoever serves a gateway runs its
/// watchdog (`GatewayAssembly.services`). It reads the time and sleeps only through its clock, the same
/// clock that stamps a request's arrival and its stream's deltas, so a test can drive every deadline with
/// a manual clock.
public final class StreamWatchdog: Service {
    public let name = "stream watchdog"
    /// The clock deadlines are computed on and checked against.
    public let clock: MonotonicClock
    private let tick: Duration
    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    private let loop = ServiceTask()

    /// - Parameters:
    ///   - clock: read for the instant of each check, and slept on between checks.
    ///   - tick: the time between checks; how late a timeout or ping may fire.
    public init<C: Clock>(clock: C, tick: Duration = .milliseconds(50)) where C.Instant == ContinuousClock.Instant {
        self.clock = MonotonicClock(clock)
        self.tick = tick
    }

    /// Checks every watched stream each `tick` until `shutdown()` (or cancellation); returns once the loop
    /// has exited, so no check runs after it. Run it once.
    public func run() async {
        await loop.run { [self] in
            while true {
                do { try await clock.sleep(for: tick) } catch { return }
                let now = clock.now
                for entry in entries.withLock({ Array($0.values) }) { entry.check(at: now) }
            }
        }
    }

    /// Ends the loop; a check in progress completes first.
    public func shutdown() { loop.shutdown() }

    func watch(_ entry: Entry) { entries.withLock { $0[ObjectIdentifier(entry)] = entry } }
    func forget(_ entry: Entry) { _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(entry)) } }

    /// How many streams are watched now.
    public var count: Int { entries.withLock { $0.count } }
}
