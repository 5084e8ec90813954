public import Foundation
import Synchronization

/// Calendar time for quota windows, token expiry and audit timestamps.
///
/// Swift's `Clock` gives instants, not dates; quota windows are UTC days, so stores and verifiers take this
/// instead. Tests use `ManualWallClock` so a day can pass in no time.
public protocol WallClock: Sendable {
    func now() -> Date
}

public struct SystemWallClock: WallClock {
    public init() {}
    public func now() -> Date { Date() }
}

public final class ManualWallClock: WallClock {
    private let current: Mutex<Date>
    public init(_ start: Date) { current = Mutex(start) }
    public func now() -> Date { current.withLock { $0 } }
    public func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
    public func set(_ date: Date) { current.withLock { $0 = date } }
}

/// A UTC calendar day, the quota window.
public struct UTCDay: Hashable, Sendable, Comparable {
    /// Days since 1970-01-01.
    public let index: Int

    public init(containing date: Date) {
        index = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// The day `index` days after 1970-01-01 (a key read back from a store).
    public init(index: Int) { self.index = index }

    public var end: Date { Date(timeIntervalSince1970: TimeInterval(index + 1) * 86_400) }

    /// Whole seconds from `date` to the end of this day, at least 1 (a `Retry-After` of 0 invites a busy loop).
    public func secondsUntilEnd(from date: Date) -> Int {
        max(1, Int(end.timeIntervalSince(date).rounded(.up)))
    }

    public static func < (lhs: UTCDay, rhs: UTCDay) -> Bool { lhs.index < rhs.index }
}
