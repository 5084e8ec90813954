import Synchronization

/// Who answered one request, and after how many attempts: what its audit row says (`target`, `attempts`,
/// `costMicros`). A structured feature's handler may call the model more than once; the row counts every
/// attempt and names the target of the last call that answered.
///
/// Written by the request's provider calls as they run (on whatever thread reads them) and read once at its end.
public final class CallRoute: Sendable {
    private struct State {
        var attempts = 0
        var answered: ModelTarget?
    }

    private let state = Mutex(State())

    public init() {}

    func attempted() { state.withLock { $0.attempts += 1 } }

    func answered(by target: ModelTarget) { state.withLock { $0.answered = target } }

    /// Attempts made so far: 0 when no provider was called (a stored answer, a refusal).
    public var attempts: Int { state.withLock { $0.attempts } }

    /// The target whose answer the client got; nil when none answered.
    public var target: ModelTarget? { state.withLock { $0.answered } }

    /// What `usage` cost at the answering target's price, in millionths; nil when none answered or it has no price.
    public func costMicros(of usage: TokenUsage) -> Int? { target?.price?.costMicros(usage) }
}
