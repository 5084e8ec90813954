@testable import AssistGateway
import AssistServices
import AssistTestSupport
import AssistWire
import Testing

/// One stream's pings and deadlines on a manual clock: each is a timer sleeping on that clock, so every ping
/// and deadline is reached by advancing virtual time, a second at a time, each step waiting until the timer
/// is asleep again (so it has fired and re-armed).
@Suite("Stream watch")
struct StreamWatchTests {
    /// One watched stream: what its client received, and how often its provider call was cancelled.
    struct Watched {
        let watch: StreamWatch
        let writer: RecordingBodyWriter
        let cancellations: CallCounter
        var pings: Int { writer.bytes.count / SSEFrames.ping.count }
    }

    let clock = ManualClock()

    func limits(firstToken: Double = 60, idle: Double = 30, ping: Double = 15) -> Limits {
        var limits = Limits()
        limits.firstTokenTimeoutSeconds = firstToken
        limits.idleTimeoutSeconds = idle
        limits.pingSeconds = ping
        return limits
    }

    /// A stream that arrived and opened now, watched on the clock's timers.
    func watched(_ limits: Limits) async -> Watched {
        let cancellations = CallCounter()
        let (base, _) = AsyncThrowingStream<ProviderChunk, any Error>.makeStream()
        let writer = RecordingBodyWriter()
        let watch = StreamWatch(writer: writer, stream: ProviderStream(base) { cancellations.increment() },
                                startedAt: clock.now, limits: limits, openedAt: clock.now, clock: MonotonicClock(clock))
        let sleepers = clock.sleeperCount
        watch.start(on: SleepingTimers(clock: clock))
        #expect(await clock.waitForSleepers(sleepers + 1))
        return Watched(watch: watch, writer: writer, cancellations: cancellations)
    }

    /// Moves virtual time on a second at a time, letting the timers due fire and re-arm.
    func advance(seconds: Int, sleepers: Int = 1) async {
        for _ in 0..<seconds {
            clock.advance(by: .seconds(1))
            await settle(sleepers)
        }
    }

    /// Waits until `sleepers` timers sleep again, or, with none expected, lets the fired ones finish.
    func settle(_ sleepers: Int) async {
        if sleepers > 0 {
            #expect(await clock.waitForSleepers(sleepers))
        } else {
            for _ in 0..<1000 { await Task.yield() }
        }
    }

    @Test("a ping goes out each time pingSeconds pass")
    func pings() async {
        let stream = await watched(limits(ping: 5))
        await advance(seconds: 4)
        #expect(stream.pings == 0)
        await advance(seconds: 1)
        #expect(stream.writer.bytes == SSEFrames.ping)
        await advance(seconds: 5)
        #expect(stream.pings == 2)
        #expect(stream.watch.stopped == nil)
        stream.watch.end()
    }

    @Test("no delta within the first-token timeout: the stream is stopped with .timeout, its call cancelled once")
    func firstTokenTimeout() async {
        let stream = await watched(limits(firstToken: 10))
        await advance(seconds: 9)
        #expect(stream.watch.stopped == nil)
        #expect(stream.cancellations.count == 0)
        clock.advance(by: .seconds(1))
        await settle(0)
        #expect(stream.watch.stopped == .timeout)
        #expect(stream.cancellations.count == 1)
        #expect(!stream.watch.isArmed)  // nothing left to time: no timer sleeps on
        #expect(clock.sleeperCount == 0)
        clock.advance(by: .seconds(5))
        await settle(0)
        #expect(stream.cancellations.count == 1)
    }

    @Test("after a delta only the idle timeout counts, from the last delta")
    func idleTimeout() async {
        let stream = await watched(limits(firstToken: 10, idle: 5))
        await advance(seconds: 8)
        stream.watch.delta(at: clock.now)
        await advance(seconds: 4)  // 12 s: past the first-token timeout, 4 s since the delta
        #expect(stream.watch.stopped == nil)
        stream.watch.delta(at: clock.now)
        await advance(seconds: 4)  // 16 s: 4 s since the last delta
        #expect(stream.watch.stopped == nil)
        #expect(stream.cancellations.count == 0)
        clock.advance(by: .seconds(1))  // 5 s since the last delta
        await settle(0)
        #expect(stream.watch.stopped == .timeout)
        #expect(stream.cancellations.count == 1)
    }

    @Test("a delta that brings the deadline before the timer re-arms it: an idle timeout shorter than the first-token one")
    func shorterIdleTimeout() async {
        let stream = await watched(limits(firstToken: 60, idle: 2, ping: 15))
        await advance(seconds: 1)
        stream.watch.delta(at: clock.now)  // the deadline moves from 60 s to 3 s, before the ping at 15 s
        await advance(seconds: 1)
        #expect(stream.watch.stopped == nil)
        clock.advance(by: .seconds(1))
        await settle(0)
        #expect(stream.watch.stopped == .timeout)
        #expect(stream.cancellations.count == 1)
        #expect(clock.sleeperCount == 0)  // the timer it replaced sleeps no more
    }

    @Test("an ended stream's timer is cancelled: never pinged nor stopped, and nothing sleeps for it")
    func ended() async {
        let stream = await watched(limits(firstToken: 3, idle: 2, ping: 1))
        let other = await watched(limits(firstToken: 3, idle: 2, ping: 1))
        stream.watch.end()
        #expect(!stream.watch.isArmed)
        await advance(seconds: 2)
        clock.advance(by: .seconds(3))
        await settle(0)
        #expect(stream.writer.bytes.isEmpty)
        #expect(stream.watch.stopped == nil)
        #expect(stream.cancellations.count == 0)
        #expect(other.watch.stopped == .timeout)  // the other's timer did run
        #expect(clock.sleeperCount == 0)
    }

    @Test("a stop from outside (the kill switch) cancels the call once and the timer with it")
    func stoppedFromOutside() async {
        let stream = await watched(limits())
        stream.watch.stop(.featureDisabled)
        stream.watch.stop(.timeout)  // the first stop wins
        #expect(stream.watch.stopped == .featureDisabled)
        #expect(stream.cancellations.count == 1)
        #expect(!stream.watch.isArmed)
        await settle(0)
        #expect(clock.sleeperCount == 0)
    }

    @Test("the gateway's instants come from the clock its dependencies were given")
    func gatewayClock() {
        let monotonic = MonotonicClock(clock)
        clock.advance(by: .seconds(42))
        #expect(monotonic.now == clock.now)
        #expect(MonotonicClock(monotonic).now == clock.now)
        #expect(!monotonic.isSystem)
        #expect(MonotonicClock(ContinuousClock()).isSystem)
    }
}
