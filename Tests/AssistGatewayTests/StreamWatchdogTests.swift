@testable import AssistGateway
import AssistTestSupport
import AssistWire
import Testing

/// The watchdog on a manual clock: every ping and deadline is reached by advancing virtual time, one tick
/// at a time, each tick waiting until the watchdog is asleep again (so it has checked every stream).
@Suite("Stream watchdog")
struct StreamWatchdogTests {
    /// One watched stream: what its client received, and how often its provider call was cancelled.
    struct Watched {
        let entry: StreamWatchdog.Entry
        let writer: RecordingBodyWriter
        let cancellations: CallCounter
        var pings: Int { writer.bytes.count / SSEFrames.ping.count }
    }

    let clock = ManualClock()
    let tick = Duration.seconds(1)
    let watchdog: StreamWatchdog

    init() { watchdog = StreamWatchdog(clock: clock, tick: tick) }

    func limits(firstToken: Double = 60, idle: Double = 30, ping: Double = 15) -> Limits {
        var limits = Limits()
        limits.firstTokenTimeoutSeconds = firstToken
        limits.idleTimeoutSeconds = idle
        limits.pingSeconds = ping
        return limits
    }

    /// A stream that arrived and opened now, watched.
    func watched(_ limits: Limits) -> Watched {
        let cancellations = CallCounter()
        let (base, _) = AsyncThrowingStream<ProviderChunk, any Error>.makeStream()
        let writer = RecordingBodyWriter()
        let entry = StreamWatchdog.Entry(writer: writer, stream: ProviderStream(base) { cancellations.increment() },
                                         startedAt: clock.now, limits: limits, openedAt: clock.now)
        watchdog.watch(entry)
        return Watched(entry: entry, writer: writer, cancellations: cancellations)
    }

    /// Starts the watchdog and waits until it sleeps on the clock.
    func start() async -> Task<Void, Never> {
        let running = Task { await watchdog.run() }
        #expect(await clock.waitForSleepers())
        return running
    }

    /// Moves virtual time on by whole ticks, letting the watchdog check at each.
    func advance(seconds: Int) async {
        for _ in 0..<seconds {
            clock.advance(by: tick)
            #expect(await clock.waitForSleepers())
        }
    }

    func stop(_ running: Task<Void, Never>) async {
        watchdog.shutdown()
        await running.value
    }

    @Test("a ping goes out each time pingSeconds pass")
    func pings() async {
        let running = await start()
        let stream = watched(limits(ping: 5))
        await advance(seconds: 4)
        #expect(stream.pings == 0)
        await advance(seconds: 1)
        #expect(stream.writer.bytes == SSEFrames.ping)
        await advance(seconds: 5)
        #expect(stream.pings == 2)
        #expect(stream.entry.stopped == nil)
        await stop(running)
    }

    @Test("no delta within the first-token timeout: the stream is stopped with .timeout, its call cancelled once")
    func firstTokenTimeout() async {
        let running = await start()
        let stream = watched(limits(firstToken: 10))
        await advance(seconds: 9)
        #expect(stream.entry.stopped == nil)
        #expect(stream.cancellations.count == 0)
        await advance(seconds: 1)
        #expect(stream.entry.stopped == .timeout)
        #expect(stream.cancellations.count == 1)
        await advance(seconds: 5)
        #expect(stream.cancellations.count == 1)
        await stop(running)
    }

    @Test("after a delta only the idle timeout counts, from the last delta")
    func idleTimeout() async {
        let running = await start()
        let stream = watched(limits(firstToken: 10, idle: 5))
        await advance(seconds: 8)
        stream.entry.delta(at: clock.now)
        await advance(seconds: 4)  // 12 s: past the first-token timeout, 4 s since the delta
        #expect(stream.entry.stopped == nil)
        stream.entry.delta(at: clock.now)
        await advance(seconds: 4)  // 16 s: 4 s since the last delta
        #expect(stream.entry.stopped == nil)
        #expect(stream.cancellations.count == 0)
        await advance(seconds: 1)  // 5 s since the last delta
        #expect(stream.entry.stopped == .timeout)
        #expect(stream.cancellations.count == 1)
        await stop(running)
    }

    @Test("a forgotten stream is never pinged nor stopped")
    func forgotten() async {
        let running = await start()
        let stream = watched(limits(firstToken: 3, idle: 2, ping: 1))
        let other = watched(limits(firstToken: 3, idle: 2, ping: 1))
        watchdog.forget(stream.entry)
        #expect(watchdog.count == 1)
        await advance(seconds: 5)
        #expect(stream.writer.bytes.isEmpty)
        #expect(stream.entry.stopped == nil)
        #expect(stream.cancellations.count == 0)
        #expect(other.entry.stopped == .timeout)  // the watchdog did run
        await stop(running)
    }

    @Test("shutdown() makes run() return; before run(), run() returns at once; so does cancelling it")
    func shutdown() async {
        let running = await start()
        watchdog.shutdown()
        await running.value
        watchdog.shutdown()  // idempotent
        await watchdog.run()

        let other = StreamWatchdog(clock: clock, tick: tick)
        let cancelled = Task { await other.run() }
        #expect(await clock.waitForSleepers())
        cancelled.cancel()
        await cancelled.value
        #expect(clock.sleeperCount == 0)
    }

    @Test("the gateway's instants come from the clock its dependencies were given")
    func gatewayClock() {
        let monotonic = MonotonicClock(clock)
        clock.advance(by: .seconds(42))
        #expect(monotonic.now == clock.now)
        #expect(MonotonicClock(monotonic).now == clock.now)
    }
}
