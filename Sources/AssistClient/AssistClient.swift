@_exported import AssistWire
public import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the gateway said about a stream before its first event.
public struct ResponseHead: Sendable, Equatable {
    /// `X-Request-Id`: quote it when reporting a wrong answer.
    public var requestId: String?
    /// `RateLimit-Remaining`: requests left today for this feature.
    public var rateLimitRemaining: Int?
    /// `RateLimit-Reset`: seconds until the quota window resets.
    public var rateLimitReset: Int?

    init(headers: [String: String]) {
        requestId = headers["x-request-id"]
        rateLimitRemaining = headers["ratelimit-remaining"].flatMap { Int($0) }
        rateLimitReset = headers["ratelimit-reset"].flatMap { Int($0) }
    }
}

/// Streams features from an Assist gateway.
///
/// The app sends a feature id and structured input; there is no way to send prompt text. Each call opens
/// one `POST /v1/assist/stream` and decodes its server-sent events.
public struct AssistClient: Sendable {
    public let baseURL: URL
    let transport: any AssistTransport
    let accessToken: @Sendable () async throws -> String
    let clock: @Sendable () -> Date
    let integrity: (any IntegrityProvider)?

    /// `accessToken` is asked for a session token before every request (refresh it there); `integrity`, when
    /// given, proves each request comes from the genuine app (its quota is then the trusted one).
    public init(baseURL: URL, transport: any AssistTransport = PlatformTransport.make(),
                accessToken: @escaping @Sendable () async throws -> String, clock: @escaping @Sendable () -> Date = { Date() },
                integrity: (any IntegrityProvider)? = nil) {
        self.baseURL = baseURL
        self.transport = transport
        self.accessToken = accessToken
        self.clock = clock
        self.integrity = integrity
    }

    /// Starts a stream. It yields `delta` events, then ends after `done`; an `error` event, a non-2xx answer
    /// or a cut connection end it with an `AssistClientError`. Cancelling the consuming task, breaking out
    /// of the loop or releasing the stream closes the connection, which cancels the server's generation.
    public func stream(_ request: AssistRequest) -> AssistStream {
        let (events, continuation) = AsyncThrowingStream<AssistEvent, any Error>.makeStream()
        let head = HeadPromise()
        let (transport, accessToken, clock, integrity, url) = (self.transport, self.accessToken, self.clock, self.integrity,
                                                               baseURL.appendingPathComponent("v1/assist/stream"))
        let task = Task {
            do {
                var urlRequest = URLRequest(url: url)
                urlRequest.httpMethod = "POST"
                urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
                urlRequest.setValue("text/event-stream", forHTTPHeaderField: "Accept")
                // One token for both: the integrity proof covers the session it is sent with.
                let sessionToken = try await accessToken()
                urlRequest.setValue("Bearer \(sessionToken)", forHTTPHeaderField: "Authorization")
                let body = JSONWriter.bytes(request.json)
                urlRequest.httpBody = Data(body)
                if let header = try await integrity?.header(method: "POST", path: url.path, body: body, sessionToken: sessionToken) {
                    urlRequest.setValue(header, forHTTPHeaderField: IntegrityHeader.name)
                }
                try await Self.run(transport.send(urlRequest), into: continuation, head: head, now: clock)
            } catch let error as AssistClientError {
                continuation.finish(throwing: error)
            } catch let error as TransportError {
                continuation.finish(throwing: AssistClientError.transport(error))
            } catch {
                continuation.finish(throwing: Task.isCancelled ? CancellationError() : error)
            }
            head.resolve(nil)
        }
        continuation.onTermination = { _ in task.cancel() }
        return AssistStream(events: events, head: head, cancel: { task.cancel() })
    }

    /// Decodes one exchange into events; finishes `continuation` on success.
    static func run(_ exchange: AsyncThrowingStream<TransportEvent, any Error>,
                    into continuation: AsyncThrowingStream<AssistEvent, any Error>.Continuation,
                    head: HeadPromise, now: @Sendable () -> Date) async throws {
        var decoder = SSEDecoder()
        var status = 0
        var headers: [String: String] = [:]
        var errorBody = Data()
        var finished = false
        for try await event in exchange {
            switch event {
            case .head(let code, let fields):
                status = code
                headers = fields
                head.resolve(ResponseHead(headers: fields))
            case .body(let data):
                guard status == 200 else {
                    if errorBody.count < 16_384 { errorBody.append(data) }
                    continue
                }
                for message in try decoder.feed(data) {
                    guard let json = try? JSONParser.parse(message.data), let event = try? AssistEvent(json: json) else {
                        continue  // unknown kinds (and undecodable events) are skipped, not fatal
                    }
                    switch event {
                    case .facts, .delta: continuation.yield(event)
                    case .done:
                        continuation.yield(event)
                        finished = true
                    case .error(let code): throw AssistClientError.stream(code: code)
                    }
                }
            }
        }
        guard status == 200 else {
            throw status == 0 ? AssistClientError.incomplete : AssistClientError.from(status: status, headers: headers, body: errorBody, now: now())
        }
        guard finished else { throw Task.isCancelled ? CancellationError() : AssistClientError.incomplete }
        continuation.finish()
    }
}

/// A stream of events plus the response head (request id, quota) once it is known.
public struct AssistStream: AsyncSequence, Sendable {
    public typealias Element = AssistEvent
    public let events: AsyncThrowingStream<AssistEvent, any Error>
    let head: HeadPromise
    let cancel: @Sendable () -> Void

    /// The response head; nil when no response arrived (the request failed before, or was cancelled).
    public func responseHead() async -> ResponseHead? { await head.value }

    /// Ends the stream and its request now.
    public func stop() { cancel() }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<AssistEvent, any Error>.AsyncIterator
        /// Cancels the request when the iterator is dropped, e.g. by `break` out of `for try await`, even
        /// while the `AssistStream` value itself is still referenced.
        let guardian: CancelOnDeinit

        public mutating func next() async throws -> AssistEvent? { try await base.next() }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: events.makeAsyncIterator(), guardian: CancelOnDeinit(cancel))
    }
}

final class CancelOnDeinit: Sendable {
    let cancel: @Sendable () -> Void
    init(_ cancel: @escaping @Sendable () -> Void) { self.cancel = cancel }
    deinit { cancel() }
}

/// A value set once by the stream's task and awaited by whoever wants the response head.
final class HeadPromise: Sendable {
    private let state = Mutex<(value: ResponseHead?, resolved: Bool, waiters: [CheckedContinuation<ResponseHead?, Never>])>((nil, false, []))

    func resolve(_ value: ResponseHead?) {
        let waiters: [CheckedContinuation<ResponseHead?, Never>] = state.withLock { state in
            guard !state.resolved else { return [] }
            state.resolved = true
            state.value = value
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: value) }
    }

    var value: ResponseHead? {
        get async {
            await withCheckedContinuation { continuation in
                state.withLock { state in
                    if state.resolved { continuation.resume(returning: state.value) } else { state.waiters.append(continuation) }
                }
            }
        }
    }
}
