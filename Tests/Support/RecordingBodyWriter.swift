public import AssistHTTP
public import AssistWire
import Synchronization

/// A streaming body kept in memory, for driving a responder in-process: what was written, whether the body
/// was finished, and a client that can leave at any moment (`disconnect()`), after which writes throw
/// `ClientGone` as a server shell's would. Writes never wait: a test reads at its own pace afterwards.
public final class RecordingBodyWriter: ResponseBodyWriter {
    private struct State {
        var bytes: [UInt8] = []
        var finished = false
        var clientGone = false
        var waiters: [(predicate: @Sendable ([UInt8]) -> Bool, continuation: CheckedContinuation<Bool, Never>)] = []
    }

    private let state = Mutex(State())

    public init() {}

    public func write(_ bytes: [UInt8]) async throws {
        try append(bytes)
    }

    @discardableResult
    public func tryWrite(_ bytes: [UInt8]) -> Bool { (try? append(bytes)) != nil }

    public func finish() {
        let waiters = state.withLock { state in
            state.finished = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.continuation.resume(returning: waiter.predicate(bytes)) }
    }

    public var isClientGone: Bool { state.withLock { $0.clientGone } }

    /// The client leaves: every later write fails.
    public func disconnect() { state.withLock { $0.clientGone = true } }

    public var bytes: [UInt8] { state.withLock { $0.bytes } }
    public var isFinished: Bool { state.withLock { $0.finished } }
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The events written so far, decoded as an app would.
    public var events: [AssistEvent] {
        var decoder = SSEDecoder()
        let messages = (try? decoder.feed(bytes)) ?? []
        return messages.compactMap { message in
            guard let json = try? JSONParser.parse(message.data) else { return nil }
            return (try? AssistEvent(json: json)) ?? nil
        }
    }

    /// Waits until the bytes written satisfy `predicate` (true) or the body finishes without them (false).
    public func wait(until predicate: @escaping @Sendable ([UInt8]) -> Bool) async -> Bool {
        await withCheckedContinuation { continuation in
            let decided: Bool? = state.withLock { state in
                if predicate(state.bytes) { return true }
                if state.finished { return false }
                state.waiters.append((predicate, continuation))
                return nil
            }
            if let decided { continuation.resume(returning: decided) }
        }
    }

    private func append(_ bytes: [UInt8]) throws {
        let ready = try state.withLock { state in
            if state.clientGone || state.finished { throw ClientGone() }
            state.bytes.append(contentsOf: bytes)
            let ready = state.waiters.filter { $0.predicate(state.bytes) }
            state.waiters.removeAll { $0.predicate(state.bytes) }
            return ready
        }
        for waiter in ready { waiter.continuation.resume(returning: true) }
    }
}
