public import AssistServices
public import AssistTelemetry
import Foundation
import Synchronization

/// Sends finished spans to an OpenTelemetry collector over OTLP/HTTP, in batches, from a thread of its own.
///
/// `export` never blocks and never fails its caller (the `SpanExporter` contract): it appends the span to a
/// bounded queue under a lock held for one append, or, when the queue is full or the exporter has shut down,
/// drops the span and counts it. So a collector that is down, slow, or accepts connections and never answers
/// costs the request path nothing: the queue fills, later spans are dropped, `droppedSpans` says how many.
///
/// The export thread (a `Thread`, not Swift's cooperative pool, whose few threads must never wait on a socket)
/// takes up to `maxExportBatchSize` spans when that many are queued or `scheduledDelay` has passed, encodes them
/// (`http/protobuf` or `http/json`) and posts them with a blocking libcurl request bounded by `timeout`. Only
/// this thread ever waits on the collector.
///
/// A batch the collector does not take (a non-2xx status, a refused connection, a timeout) is dropped and
/// counted (`failedExports`, and its spans in `droppedSpans`); it is not retried, not even after a 429 or 503:
/// a collector that sheds load is helped most by a client that does not send twice, and the spans behind the
/// failed batch are already waiting. The first failure after a success (or at start) logs one warning, with
/// curl's reason or the status; a run of failures logs nothing more until a batch gets through, which logs
/// one notice with how many batches were lost meanwhile.
///
/// A `Service`: the thread starts with the exporter (spans exported before `run()` are not lost), `shutdown()`
/// stops new spans and gives the thread `shutdownTimeout` to send what is queued (a transfer still running at
/// the deadline is aborted within about a second, when curl next reports progress); what is left is dropped and
/// counted. `run()` returns once the thread has ended. Call `shutdown()` (a `ServiceGroup` does): the thread
/// holds the exporter until then.
public final class OTLPHTTPExporter: SpanExporter, Service {
    public let name = "OTLP exporter"
    /// The settings in use, held within their working range (a batch no larger than the queue, no zero delay).
    public let settings: OTLPSettings

    private let queue: SpanQueue
    private let exported = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)
    private let failed = Atomic<Int>(0)
    private let ended = Latch()
    private let logger = Logger(label: "otlp")

    /// Starts the export thread for `settings`.
    public init(settings: OTLPSettings) {
        let settings = settings.bounded
        self.settings = settings
        queue = SpanQueue(capacity: settings.maxQueueSize, batchSize: settings.maxExportBatchSize)
        let resource = OTLPResource(serviceName: settings.serviceName, serviceInstanceID: settings.serviceInstanceID ?? OTLPResource.randomInstanceID(),
                                    version: settings.serviceVersion)
        NamedThread.start("assist-otlp") { [self] in
            work(resource: resource)
            ended.open()
        }
    }

    /// Queues `span` for the next batch, or drops and counts it. Never waits for the export thread.
    public func export(_ span: SpanData) {
        if !queue.append(span) { dropped.add(1, ordering: .relaxed) }
    }

    /// Spans the collector took (a 2xx to their batch).
    public var exportedSpans: Int { exported.load(ordering: .relaxed) }
    /// Spans lost: the queue was full, the exporter had shut down, their batch failed, or they were still queued at
    /// the shutdown deadline.
    public var droppedSpans: Int { dropped.load(ordering: .relaxed) }
    /// Batches the collector did not take (non-2xx, no connection, timeout).
    public var failedExports: Int { failed.load(ordering: .relaxed) }
    /// Spans waiting for the export thread now.
    public var queuedSpans: Int { queue.count }

    /// Returns once the export thread has ended after `shutdown()`; cancelling it shuts the exporter down.
    public func run() async { await ended.wait(onCancel: shutdown) }

    /// Stops taking spans and lets the thread send what is queued, for `shutdownTimeout` at most. Returns at once.
    public func shutdown() {
        _ = queue.close(deadline: ContinuousClock.now.advanced(by: settings.shutdownTimeout))
    }

    /// The export thread's loop: batches until the queue is closed and empty, or closed and past its deadline.
    private func work(resource: OTLPResource) {
        let connection = CollectorConnection(settings: settings) { [queue = self.queue] in
            guard let deadline = queue.deadline else { return false }
            return ContinuousClock.now >= deadline
        }
        var failing = false
        var failedInRun = 0
        while true {
            switch queue.next(delay: settings.scheduledDelay) {
            case .stop(let left):
                dropped.add(left, ordering: .relaxed)
                return
            case .send(let batch):
                let outcome = send(batch, resource: resource, through: connection)
                if outcome == .accepted {
                    exported.add(batch.count, ordering: .relaxed)
                    if failing {
                        logger.notice("OTLP export recovered", [("endpoint", .string(settings.endpoint)), ("failed_batches", .int(failedInRun))])
                    }
                    failing = false
                    failedInRun = 0
                    continue
                }
                dropped.add(batch.count, ordering: .relaxed)
                failed.add(1, ordering: .relaxed)
                failedInRun += 1
                if !failing {
                    logger.warning("OTLP export failed; spans are dropped until the collector takes a batch",
                                   [("endpoint", .string(settings.endpoint)), ("cause", .string(Self.cause(outcome)))])
                }
                failing = true
            }
        }
    }

    /// Encodes and posts one batch, its timeout cut short by the shutdown deadline when there is one.
    private func send(_ batch: [SpanData], resource: OTLPResource, through connection: CollectorConnection?) -> CollectorConnection.Outcome {
        guard let connection else { return .failed("curl could not make a handle") }
        let body = switch settings.wireProtocol {
        case .httpProtobuf: OTLPProtobuf.request(batch, resource: resource)
        case .httpJSON: OTLPJSON.request(batch, resource: resource)
        }
        var timeout = settings.timeout
        if let deadline = queue.deadline {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return .failed("shut down before the batch was sent") }
            timeout = min(timeout, left)
        }
        return connection.post(body, timeout: timeout)
    }

    private static func cause(_ outcome: CollectorConnection.Outcome) -> String {
        switch outcome {
        case .accepted: "accepted"
        case .refused(let status): "HTTP status \(status)"
        case .failed(let reason): reason
        }
    }
}
