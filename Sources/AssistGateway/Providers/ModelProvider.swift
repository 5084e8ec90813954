import AssistCrypto
public import AssistWire

/// What the gateway asks a provider for: a model (the provider's own name for it), messages and caps.
public struct ProviderRequest: Sendable {
    public var baseURL: String
    public var model: String
    public var apiKey: String?
    public var messages: [ChatMessage]
    public var maxOutputTokens: Int
    public var temperature: Double?
    /// A JSON Schema the answer must follow (sent as `response_format` json_schema), for structured features.
    public var responseSchema: JSONValue?
    /// Whether text that arrives in one delivery from the provider may be handed over as one `.text` chunk
    /// (`FeatureRecord.coalesceDeltas`). A provider may ignore it.
    public var coalesceText = false
    /// Fields the provider adds to its HTTP request beside its own (content type, key): the trace context
    /// (`traceparent`, `tracestate`) of the call. Never a key: keys are the provider's own business.
    public var headers: [(name: String, value: String)] = []

    public init(baseURL: String, model: String, apiKey: String? = nil, messages: [ChatMessage], maxOutputTokens: Int,
                temperature: Double? = nil, responseSchema: JSONValue? = nil) {
        self.responseSchema = responseSchema
        self.baseURL = baseURL
        self.model = model
        self.apiKey = apiKey
        self.messages = messages
        self.maxOutputTokens = maxOutputTokens
        self.temperature = temperature
    }
}

public struct TokenUsage: Sendable, Equatable {
    public var inputTokens: Int
    public var outputTokens: Int
    public init(inputTokens: Int, outputTokens: Int) {
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
    }
}

/// One piece of a provider's streamed answer.
public enum ProviderChunk: Sendable, Equatable {
    case text(String)
    /// The model stopped; `reason` as the provider gives it ("stop", "length", ...).
    case finish(reason: String)
    /// Token usage, usually in the last chunk.
    case usage(TokenUsage)
}

/// Text from outside (a provider's error body) as logs may show it: its length and the start of its
/// SHA-256, never the text itself.
public struct ContentFingerprint: CustomStringConvertible, Sendable {
    public let description: String
    public init(_ text: String) {
        let digest = Digest.sha256(Array(text.utf8)).prefix(6).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
        description = "\(text.utf8.count) bytes, sha256 \(digest.joined())…"
    }
}

public enum ProviderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The provider answered with a non-2xx status.
    case http(status: Int, body: String)
    /// The connection failed or broke (curl's message).
    case transport(String)
    /// The stream ended without its end marker: the answer may be cut short.
    case incomplete
    /// The provider sent something that is not its documented format. The message is ours: it never
    /// carries what the provider sent, which may quote the request.
    case protocolViolation(String)

    public var description: String {
        switch self {
        // A provider's error body may quote the request (a user's message, their card number): logs get its
        // length and a hash, enough to match two reports, never the text.
        case .http(let status, let body): "provider answered HTTP \(status) with \(ContentFingerprint(body))"
        case .transport(let message): "transport error: \(message)"
        case .incomplete: "stream ended without its end marker"
        case .protocolViolation(let message): "protocol violation: \(message)"
        }
    }
}

/// A model provider behind one protocol, one per wire format a model target names: OpenAI-compatible servers
/// (llama-server, vLLM, Ollama, hosted), Anthropic's Messages API, Gemini's `streamGenerateContent`. The stream ends normally only after the provider's end marker; anything else is
/// an error. Ending iteration early (cancelling the consuming task, or releasing the stream) must cancel
/// the provider call at once: no tokens are paid for nobody.
public protocol ModelProvider: Sendable {
    func stream(_ request: ProviderRequest) -> ProviderStream
}

/// A provider's answer: a sequence of chunks (a `ChunkChannel`, or an `AsyncThrowingStream`) plus flow control
/// and cancellation.
///
/// Neither tells a producer when its consumer has taken an element, so a producer that must not outrun a slow
/// reader (curl pausing its transfer) gets told through `consumed`, called for each chunk as the iterator hands
/// it out. Cancelling the consuming task or releasing the stream terminates the sequence, which cancels the
/// provider call; `cancel()` does the same from outside the consuming task (a watchdog ending a stalled stream),
/// and makes the pending `next()` throw.
public struct ProviderStream: AsyncSequence, Sendable {
    public typealias Element = ProviderChunk

    /// Where the chunks come from: one call, or the attempts of a call across a model alias's targets.
    enum Source: Sendable {
        case call(AsyncThrowingStream<ProviderChunk, any Error>)
        /// One call whose producer writes into a `ChunkChannel` (the providers' transfers).
        case channel(ChunkChannel.Reader)
        case attempts(FallbackCall)
    }

    let source: Source
    /// Told of each chunk as the iterator hands it out (a producer's flow control, a deadline's watch).
    private var consumed: (@Sendable (ProviderChunk) -> Void)?
    private let cancelCall: @Sendable () -> Void
    /// What the gateway holds the chunks to as they are read (see `OutputLimit`); nil passes them as sent.
    private var limit: OutputLimit?
    /// Told of every chunk read and of the call's end (`ProviderCallRecord`); nil when nobody watches.
    private var observer: (any ProviderCallObserver)?

    public init(_ base: AsyncThrowingStream<ProviderChunk, any Error>, consumed: (@Sendable (ProviderChunk) -> Void)? = nil,
                cancel: @escaping @Sendable () -> Void) {
        self.source = .call(base)
        self.consumed = consumed
        self.cancelCall = cancel
    }

    /// One call whose chunks come through `channel`; releasing the stream (and its iterator) before the end, or
    /// cancelling the reading task, runs the channel's `onCancel`.
    public init(_ channel: ChunkChannel, consumed: (@Sendable (ProviderChunk) -> Void)? = nil, cancel: @escaping @Sendable () -> Void) {
        self.source = .channel(ChunkChannel.Reader(channel))
        self.consumed = consumed
        self.cancelCall = cancel
    }

    /// A call to a model alias's targets in turn (`FallbackCall`); cancelling it cancels the attempt running.
    init(attempts call: FallbackCall) {
        source = .attempts(call)
        consumed = nil
        cancelCall = { call.cancel() }
    }

    /// Cancels the provider call and ends the stream with an error; safe from any thread, idempotent.
    public func cancel() { cancelCall() }

    /// The same call, its chunks held to `limit` as they are read: the reader's pace still governs the
    /// provider's (no buffering in between).
    public func limited(by limit: OutputLimit) -> ProviderStream {
        var limited = self
        limited.limit = limit
        return limited
    }

    /// The same call, `tap` told of each chunk as it is handed out, before whoever was told already.
    func tapped(_ tap: @escaping @Sendable (ProviderChunk) -> Void) -> ProviderStream {
        var tapped = self
        let consumed = self.consumed
        tapped.consumed = { chunk in
            tap(chunk)
            consumed?(chunk)
        }
        return tapped
    }

    /// The same call, `observer` told of each chunk as it is read and of how the call ended.
    func observed(by observer: any ProviderCallObserver) -> ProviderStream {
        var observed = self
        observed.observer = observer
        return observed
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        enum Base {
            case call(AsyncThrowingStream<ProviderChunk, any Error>.AsyncIterator)
            case channel(ChunkChannel.Reader)
            case attempts(FallbackIterator)
        }

        var base: Base
        let consumed: (@Sendable (ProviderChunk) -> Void)?
        let limit: OutputLimit?
        let cancel: @Sendable () -> Void
        let observer: (any ProviderCallObserver)?
        var output = TokenCounter()
        var cut = false

        public nonisolated(nonsending) mutating func next() async throws -> ProviderChunk? {
            guard !cut else { return nil }
            let next: ProviderChunk?
            do {
                switch base {
                case .call(var call):
                    next = try await call.next(isolation: #isolation)
                    base = .call(call)
                case .channel(let reader):
                    next = try await reader.channel.next()
                case .attempts(let attempts):
                    next = try await attempts.next()
                }
            } catch {
                observer?.ended(error)
                throw error
            }
            guard let chunk = next else {
                // A cancelled reader's stream ends without an error: the call was cut short all the same.
                observer?.ended(Task.isCancelled ? CancellationError() : nil)
                return nil
            }
            consumed?(chunk)
            observer?.saw(chunk)
            guard let limit else { return chunk }
            switch chunk {
            case .text(let text):
                output.add(text)
                guard output.tokens <= limit.relayCap else {
                    cut = true
                    cancel()
                    observer?.saw(.finish(reason: "length"))
                    observer?.ended(nil)
                    return .finish(reason: "length")
                }
                return chunk
            case .usage(let usage):
                return .usage(limit.clamp(usage))
            case .finish:
                return chunk
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        let base: AsyncIterator.Base = switch source {
        case .call(let call): .call(call.makeAsyncIterator())
        case .channel(let reader): .channel(reader)
        case .attempts(let attempts): .attempts(FallbackIterator(attempts))
        }
        return AsyncIterator(base: base, consumed: consumed, limit: limit, cancel: cancelCall, observer: observer)
    }
}
