import AssistWire
public import Foundation
public import Observation

/// The state of one feature's screen: what the user sees while an answer streams in.
///
/// `idle → streaming → done | stopped | failed`. Text that arrived is never thrown away: a stop, or a
/// failure after some text, ends in `stopped` with the text kept; only a failure before any text is
/// `failed`. Observable for SwiftUI; `snapshots()` serves code without Observation (and tests).
@MainActor
@Observable
public final class AssistSession {
    public enum State: Sendable, Equatable {
        case idle
        case streaming
        /// `cached`: the gateway served an answer it had generated for an earlier request (the same data,
        /// prompt version and locale); apps may say so, e.g. "summary from 2 hours ago".
        case done(promptVersion: String, cached: Bool = false)
        /// Ended early with the text so far kept: by `stop()` (`cause` nil) or by a failure after some text.
        case stopped(cause: AssistClientError?)
        /// Ended by a failure before any text arrived.
        case failed(AssistClientError)
    }

    public struct Snapshot: Sendable, Equatable {
        public var state: State
        public var text: String
        public init(state: State, text: String) {
            self.state = state
            self.text = text
        }
    }

    public private(set) var state: State = .idle
    public private(set) var text = ""
    /// The gateway's `facts` of the current run (our own data, e.g. the booking's segments), to show beside
    /// the model's text; nil until they arrive or when the feature sends none.
    public private(set) var facts: JSONValue?
    /// The gateway's request id of the current or last run (for feedback).
    public private(set) var requestId: String?
    /// After a `rateLimited` failure: the first moment `retry()` will call the server again.
    public private(set) var retryAllowedAt: Date?

    @ObservationIgnored private let client: AssistClient
    @ObservationIgnored private let request: AssistRequest
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private var run: Task<Void, Never>?
    @ObservationIgnored private var stream: AssistStream?
    @ObservationIgnored private var generation = 0
    @ObservationIgnored private var watchers: [Int: AsyncStream<Snapshot>.Continuation] = [:]
    @ObservationIgnored private var nextWatcher = 0

    public init(client: AssistClient, request: AssistRequest, now: @escaping @Sendable () -> Date = { Date() }) {
        self.client = client
        self.request = request
        self.now = now
    }

    /// Starts a run, cancelling the previous one if it is still streaming.
    public func start() {
        cancelCurrent()
        generation += 1
        let current = generation
        text = ""
        facts = nil
        requestId = nil
        retryAllowedAt = nil
        set(.streaming)
        let stream = client.stream(request)
        self.stream = stream
        run = Task { [weak self] in
            do {
                for try await event in stream {
                    guard let self, self.generation == current else { return }
                    self.apply(event)
                }
                guard let self, self.generation == current else { return }
                if case .streaming = self.state { self.finish(with: .incomplete) }
            } catch is CancellationError {
                return
            } catch let error as AssistClientError {
                guard let self, self.generation == current else { return }
                self.finish(with: error)
            } catch {
                guard let self, self.generation == current else { return }
                self.finish(with: .transport(TransportError(error)))
            }
        }
        Task { [weak self] in
            let head = await stream.responseHead()
            guard let self, self.generation == current else { return }
            self.requestId = head?.requestId
        }
    }

    /// Stops the stream and the server's generation; the text so far is kept.
    public func stop() {
        guard case .streaming = state else { return }
        cancelCurrent()
        generation += 1
        set(.stopped(cause: nil))
    }

    /// Starts again, unless a rate limit says not yet (then returns false without calling the server).
    @discardableResult
    public func retry() -> Bool {
        if let allowed = retryAllowedAt, now() < allowed { return false }
        start()
        return true
    }

    /// Every state or text change from now on, starting with the current one.
    public func snapshots() -> AsyncStream<Snapshot> {
        let (stream, continuation) = AsyncStream<Snapshot>.makeStream()
        let id = nextWatcher
        nextWatcher += 1
        watchers[id] = continuation
        continuation.yield(Snapshot(state: state, text: text))
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.watchers[id] = nil }
        }
        return stream
    }

    private func apply(_ event: AssistEvent) {
        switch event {
        case .facts(let facts):
            self.facts = facts
        case .delta(let delta):
            text += delta
            publish()
        case .done(_, let promptVersion, let cached, _, _):
            set(.done(promptVersion: promptVersion, cached: cached))
        case .error(let code):
            finish(with: .stream(code: code))
        }
    }

    private func finish(with error: AssistClientError) {
        if let date = error.retryAfter { retryAllowedAt = date }
        set(text.isEmpty ? .failed(error) : .stopped(cause: error))
    }

    private func cancelCurrent() {
        stream?.stop()
        run?.cancel()
        stream = nil
        run = nil
    }

    private func set(_ newState: State) {
        state = newState
        publish()
    }

    private func publish() {
        let snapshot = Snapshot(state: state, text: text)
        for watcher in watchers.values { watcher.yield(snapshot) }
    }
}
