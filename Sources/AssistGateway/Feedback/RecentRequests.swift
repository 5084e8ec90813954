public import AssistWire
public import Foundation
import Synchronization

/// The inputs of recent requests, by request id, for a short while, so that a user's "wrong" verdict can
/// be stored with what was asked and later become a golden case (`assist feedback export`).
///
/// Inputs are content, so they are never in the audit; they live only in memory, for `window` (default one
/// hour) and at most `capacity` requests, and are copied into the feedback store only when the user sends
/// feedback on that request.
public final class RecentRequests: Sendable {
    public struct Entry: Sendable, Equatable {
        public var input: [String: JSONValue]
        public var locale: String
        public var at: Date
    }

    private struct State {
        var entries: [Bytewise: Entry] = [:]
        /// Request ids oldest first, for eviction.
        var order: [String] = []
        var head = 0
    }

    private let state = Mutex(State())
    private let window: TimeInterval
    private let capacity: Int
    private let clock: any WallClock

    public init(window: TimeInterval = 3600, capacity: Int = 10_000, clock: any WallClock = SystemWallClock()) {
        self.window = window
        self.capacity = capacity
        self.clock = clock
    }

    public func remember(_ requestId: String, input: [String: JSONValue], locale: String) {
        let now = clock.now()
        state.withLock { state in
            state.entries[Bytewise(requestId)] = Entry(input: input, locale: locale, at: now)
            state.order.append(requestId)
            // Evict what is too old or over capacity, oldest first; compact the queue now and then.
            while state.head < state.order.count {
                let oldest = state.order[state.head]
                guard let entry = state.entries[Bytewise(oldest)] else { state.head += 1; continue }
                guard state.entries.count > capacity || now.timeIntervalSince(entry.at) > window else { break }
                state.entries[Bytewise(oldest)] = nil
                state.head += 1
            }
            if state.head > 1024, state.head * 2 > state.order.count {
                state.order.removeFirst(state.head)
                state.head = 0
            }
        }
    }

    /// The input of `requestId` if it is still remembered.
    public func entry(for requestId: String) -> Entry? {
        let now = clock.now()
        return state.withLock { state in
            guard let entry = state.entries[Bytewise(requestId)], now.timeIntervalSince(entry.at) <= window else { return nil }
            return entry
        }
    }

    public var count: Int { state.withLock { $0.entries.count } }
}
