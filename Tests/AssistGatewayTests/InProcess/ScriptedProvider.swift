import AssistGateway
import Synchronization

/// An in-memory model provider that answers each call by a script: chunks, then an end (finish, fail, or
/// hang until cancelled), optionally waiting at a gate first. It records every request and counts the
/// calls that were cancelled, so a test can see that a provider call ends when nobody reads it.
final class ScriptedProvider: ModelProvider {
    struct Script: Sendable {
        enum End: Sendable { case finish, fail, hang }
        var chunks: [ProviderChunk]
        var end: End = .finish
        /// Held until the test opens it, after the first chunk (or before any, when there are none).
        var gate: Gate?

        static func answer(_ text: [String], usage: TokenUsage? = TokenUsage(inputTokens: 11, outputTokens: 7)) -> Script {
            Script(chunks: text.map(ProviderChunk.text) + [.finish(reason: "stop")] + (usage.map { [.usage($0)] } ?? []))
        }
    }

    private struct State {
        var requests: [ProviderRequest] = []
        var cancelled = 0
        var consumed = 0
    }

    private let state = Mutex(State())
    private let script: @Sendable (Int) -> Script

    init(_ script: @escaping @Sendable (_ call: Int) -> Script) { self.script = script }
    convenience init(_ fixed: Script = .answer(["Hello", ", ", "world."])) { self.init { _ in fixed } }

    var requests: [ProviderRequest] { state.withLock { $0.requests } }
    var cancelledCalls: Int { state.withLock { $0.cancelled } }
    /// Chunks the gateway has taken from the calls' streams.
    var consumedChunks: Int { state.withLock { $0.consumed } }

    func stream(_ request: ProviderRequest) -> ProviderStream {
        let index = state.withLock { state in
            state.requests.append(request)
            return state.requests.count - 1
        }
        let script = script(index)
        let (stream, continuation) = AsyncThrowingStream<ProviderChunk, any Error>.makeStream()
        let counted = Atomic<Bool>(false)
        let countCancel: @Sendable () -> Void = { [self] in
            if !counted.exchange(true, ordering: .relaxed) { state.withLock { $0.cancelled += 1 } }
        }
        let producer = Task {
            for (position, chunk) in script.chunks.enumerated() {
                if position == 1 { await script.gate?.wait() }
                continuation.yield(chunk)
            }
            if script.chunks.count <= 1 { await script.gate?.wait() }
            switch script.end {
            case .finish: continuation.finish()
            case .fail: continuation.finish(throwing: ProviderError.http(status: 500, body: "scripted failure"))
            case .hang: while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
            }
        }
        continuation.onTermination = { termination in
            if case .cancelled = termination { countCancel() }
            producer.cancel()
        }
        return ProviderStream(stream, consumed: { [self] _ in state.withLock { $0.consumed += 1 } }, cancel: {
            countCancel()
            producer.cancel()
            continuation.finish(throwing: CancellationError())
        })
    }
}

/// Holds waiters until opened; opening is for good.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                if !state.open { state.waiters.append(continuation) }
                return state.open
            }
            if open { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
