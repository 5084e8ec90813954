import Foundation
import Synchronization

/// The answer cache: stored answers and the provider calls in progress, by key. The one place that decides
/// whether a request for a cacheable answer is served a stored one, leads a new provider call or follows
/// one already running, and that stores the answer when a call completes.
public final class SharedCalls: Sendable {
    /// A request's part in a call.
    enum Role: Sendable {
        /// Starts the provider call; must call `admitted` or `refused` once its own admission is decided.
        case lead(SharedCall)
        /// Shares the running call, holding a seat.
        case follow(SharedCall)
        /// An answer stored for an earlier identical request.
        case stored(String)
    }

    private let calls = Mutex<[AnswerKey: SharedCall]>([:])
    private let store: any AnswerStore
    private let clock: any WallClock

    public init(store: any AnswerStore, clock: any WallClock) {
        self.store = store
        self.clock = clock
    }

    /// The answer for `key`: stored, or a share in the call producing it, or the lead of a new call. The store
    /// is read again once a call is claimed, since one for this key may have ended and been stored between
    /// the first read and the claim. A store that cannot be read counts as a miss: the answer is generated.
    func join(_ key: AnswerKey, now: Date) async -> Role {
        if let text = await storedText(key, now: now) { return .stored(text) }
        let role = await claim(key)
        guard case .lead(let call) = role, let text = await storedText(key, now: now) else { return role }
        refused(call)
        return .stored(text)
    }

    private func storedText(_ key: AnswerKey, now: Date) async -> String? {
        do {
            return try await store.text(for: key, now: now)
        } catch {
            GatewayLog.warning("answer store read failed: \(error)")
            return nil
        }
    }

    /// Joins the call for `key`, or creates it. A follower waits for its leader's admission; if the
    /// leader was refused, the follower tries again, and may lead itself.
    func claim(_ key: AnswerKey) async -> Role {
        while true {
            let (call, created) = calls.withLock { calls in
                if let running = calls[key] { return (running, false) }
                let call = SharedCall(key: key) { [self] call, outcome in await ended(call, outcome) }
                calls[key] = call
                return (call, true)
            }
            if created { return .lead(call) }
            if await call.awaitLeaderAdmission() { return .follow(call) }
        }
    }

    /// The leader holds quota and a slot: its followers go ahead.
    func admitted(_ call: SharedCall) { call.leaderAdmitted() }

    /// The leader was refused: the call is forgotten first, so its waiting requests retry on their own.
    func refused(_ call: SharedCall) {
        forget(call)
        call.leaderRefused()
    }

    /// Stores a complete answer, then forgets the call: a request arriving meanwhile either follows the
    /// finished call (and gets its whole text) or finds the stored answer.
    private func ended(_ call: SharedCall, _ outcome: SharedCall.Outcome) async {
        if outcome.finishReason == "stop", !outcome.text.isEmpty {
            do {
                try await store.store(outcome.text, for: call.key, at: clock.now())
            } catch {
                GatewayLog.warning("answer store failed: \(error)")
            }
        }
        forget(call)
    }

    private func forget(_ call: SharedCall) {
        calls.withLock { calls in
            if calls[call.key] === call { calls[call.key] = nil }
        }
    }

    /// Calls running now (for tests and metrics).
    public var count: Int { calls.withLock { $0.count } }
}
