@testable import AssistOTLP
import AssistTelemetry
import Testing

/// The export queue's bounds and order, without a thread or a collector: what `export` and the export thread rely on.
@Suite struct SpanQueueTests {
    static let traceId = TraceID(high: 1, low: 2)!
    static let spanId = SpanID(3)!

    @Test("the queue: full is refused, batches come in order and no larger than the batch size, closing refuses appends")
    func queue() {
        let queue = SpanQueue(capacity: 5, batchSize: 2)
        let spans = (1...7).map { SpanData(traceId: Self.traceId, spanId: SpanID(UInt64($0))!, name: "\($0)", kind: .internal, startUnixNano: 1, endUnixNano: 2) }
        #expect(spans.map(queue.append) == [true, true, true, true, true, false, false])
        guard case .send(let first) = queue.next(delay: .seconds(60)) else { Issue.record("no batch"); return }
        #expect(first.map(\.name) == ["1", "2"])
        #expect(queue.close(deadline: .now + .seconds(60)))
        #expect(!queue.close(deadline: .now + .seconds(60)))
        #expect(!queue.append(spans[5]))
        guard case .send(let second) = queue.next(delay: .seconds(60)), case .send(let third) = queue.next(delay: .seconds(60)) else {
            Issue.record("no batches after close")
            return
        }
        #expect(second.map(\.name) == ["3", "4"] && third.map(\.name) == ["5"])
        guard case .stop(let left) = queue.next(delay: .seconds(60)) else { Issue.record("no stop"); return }
        #expect(left == 0)
    }

    @Test("the queue: past the deadline what is left is handed back as dropped; a lone span waits no longer than the delay")
    func queueDeadline() {
        let queue = SpanQueue(capacity: 10, batchSize: 5)
        let span = SpanData(traceId: Self.traceId, spanId: Self.spanId, name: "s", kind: .internal, startUnixNano: 1, endUnixNano: 2)
        _ = queue.append(span)
        let started = ContinuousClock.now
        guard case .send(let lone) = queue.next(delay: .milliseconds(50)) else { Issue.record("no batch"); return }
        #expect(lone.count == 1 && ContinuousClock.now - started >= .milliseconds(50))
        for _ in 0..<3 { _ = queue.append(span) }
        _ = queue.close(deadline: .now - .seconds(1))
        guard case .stop(let left) = queue.next(delay: .seconds(60)) else { Issue.record("no stop"); return }
        #expect(left == 3 && queue.count == 0)
    }
}
