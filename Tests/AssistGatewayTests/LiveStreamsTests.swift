@testable import AssistGateway
import AssistTestSupport
import Testing

@Suite("Live streams and the kill switch")
struct LiveStreamsTests {
    /// A stream's watch whose provider call counts its cancellations.
    func entry() -> (StreamWatch, cancellations: CallCounter) {
        let cancellations = CallCounter()
        let (base, _) = AsyncThrowingStream<ProviderChunk, any Error>.makeStream()
        let stream = ProviderStream(base) { cancellations.increment() }
        let writer = RecordingBodyWriter()
        return (StreamWatch(writer: writer, stream: stream, startedAt: .now, limits: Limits(), clock: MonotonicClock(ContinuousClock())), cancellations)
    }

    @Test("endAll stops the feature's open streams once, and no other feature's")
    func endsOpenStreams() {
        let live = LiveStreams()
        let (summary, summaryCalls) = entry()
        let (chat, chatCalls) = entry()
        live.add(summary, feature: "itinerary_summary", admittedAt: live.epoch(of: "itinerary_summary"))
        live.add(chat, feature: "support_chat", admittedAt: live.epoch(of: "support_chat"))
        #expect(live.endAll(feature: "itinerary_summary") == 1)
        #expect(live.endAll(feature: "itinerary_summary") == 1)  // still registered until its pump ends
        #expect(summary.stopped == .featureDisabled)
        #expect(summaryCalls.count == 1)
        #expect(chat.stopped == nil)
        #expect(chatCalls.count == 0)
        live.remove(summary)
        #expect(live.count == 1)
    }

    @Test("a stream admitted before a kill but registered after it is stopped as it registers")
    func killBetweenAdmissionAndRegistration() {
        let live = LiveStreams()
        let admittedAt = live.epoch(of: "itinerary_summary")
        live.endAll(feature: "itinerary_summary")
        let (late, calls) = entry()
        live.add(late, feature: "itinerary_summary", admittedAt: admittedAt)
        #expect(late.stopped == .featureDisabled)
        #expect(calls.count == 1)
        // Admitted after the kill (the feature was on again): it runs.
        let (fresh, _) = entry()
        live.add(fresh, feature: "itinerary_summary", admittedAt: live.epoch(of: "itinerary_summary"))
        #expect(fresh.stopped == nil)
    }
}
