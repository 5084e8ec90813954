import Synchronization

/// Counts calls from any thread (a cancellation handler, a provider call's `cancel`), for a test to check how many
/// times something happened.
public final class CallCounter: Sendable {
    private let value = Mutex(0)
    public init() {}
    public func increment() { value.withLock { $0 += 1 } }
    public var count: Int { value.withLock { $0 } }
}
