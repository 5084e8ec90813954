public import AssistHTTP
public import AssistWire
import Synchronization

/// A streaming body kept in memory, for driving a responder in-process: what was written, whether the body
/// was finished, and a client that can leave at any moment (`disconnect()`), after which writes throw
/// `ClientGone` as a server shell's would. Writes never wait: a test reads at its own pace afterwards.
public final class RecordingBodyWriter: ResponseBodyWriter {
    private typealias Waiter = (id: Int, predicate: @Sendable ([UInt8]) -> Bool, continuation: CheckedContinuation<Bool, Never>)

    private struct State {
        var bytes: [UInt8] = []
        var finished = false
        var clientGone = false
        var waiters: [Waiter] = []
        var nextWaiter = 0
        var expired: Set<Int> = []
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

    /// Waits until the bytes written satisfy `predicate` (true), or the body finishes without them or `timeout`
    /// passes (false): a test whose bytes never come fails instead of hanging.
    public func wait(timeout: Duration = .seconds(30), until predicate: @escaping @Sendable ([UInt8]) -> Bool) async -> Bool {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        let timer = Task { [self] in
            try? await Task.sleep(for: timeout)
            let expired = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                    state.expired.insert(id)  // not waiting yet: the wait below gives up as it starts
                    return nil
                }
                return state.waiters.remove(at: index)
            }
            expired?.continuation.resume(returning: false)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let decided: Bool? = state.withLock { state in
                if predicate(state.bytes) { return true }
                if state.finished || state.expired.contains(id) { return false }
                state.waiters.append((id, predicate, continuation))
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
