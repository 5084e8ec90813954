public import Foundation
import Synchronization

/// What a generated answer is stored under: the feature, the version of the data it was made from (for the
/// itinerary, booking id and version), the prompt version and the locale. Any of them changing regenerates.
public struct AnswerKey: Hashable, Sendable {
    public var feature: String
    public var data: String
    public var promptVersion: String
    public var locale: String

    public init(feature: String, data: String, promptVersion: String, locale: String) {
        self.feature = feature
        self.data = data
        self.promptVersion = promptVersion
        self.locale = locale
    }

    /// One string for stores keyed by text; fields are joined with a separator none of them may contain.
    public var storageKey: String { [feature, data, promptVersion, locale].joined(separator: "\u{1F}") }
}

/// Generated answers kept for repeat requests. This is content, so it is a store of its own with a
/// retention period, never part of the audit; an entry older than the retention is a miss and is purged.
public protocol AnswerStore: Sendable {
    func text(for key: AnswerKey, now: Date) async throws -> String?
    func store(_ text: String, for key: AnswerKey, at time: Date) async throws
}

public final class InMemoryAnswerStore: AnswerStore {
    private let retention: TimeInterval
    private let entries = Mutex<[AnswerKey: (text: String, storedAt: Date)]>([:])

    public init(retention: TimeInterval = 30 * 86_400) { self.retention = retention }

    public func text(for key: AnswerKey, now: Date) async throws -> String? {
        entries.withLock { entries in
            guard let entry = entries[key] else { return nil }
            guard now.timeIntervalSince(entry.storedAt) < retention else {
                entries[key] = nil
                return nil
            }
            return entry.text
        }
    }

    public func store(_ text: String, for key: AnswerKey, at time: Date) async throws {
        entries.withLock { entries in
            entries = entries.filter { time.timeIntervalSince($0.value.storedAt) < retention }
            entries[key] = (text, time)
        }
    }
}
