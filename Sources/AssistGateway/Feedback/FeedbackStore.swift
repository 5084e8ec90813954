public import AssistWire
public import Foundation
import Synchronization

/// A user's verdict on one answer: "wrong" (a quality signal, and the seed of a new golden case) or
/// "report" (offensive content, the in-app flag store policies ask for).
public struct Feedback: Sendable, Equatable {
    public enum Verdict: String, Sendable, CaseIterable { case wrong, report }

    public var requestId: String
    public var user: String
    public var feature: String
    public var promptVersion: String
    public var verdict: Verdict
    /// The user's own words, if any (feedback is content, so it lives here, never in the audit).
    public var reason: String?
    public var time: Date
    /// What the request asked (feature input and locale), when the gateway still remembered it; what a
    /// "wrong" verdict needs to become a golden case.
    public var input: [String: JSONValue]?
    public var locale: String?

    public init(requestId: String, user: String, feature: String, promptVersion: String, verdict: Verdict, reason: String?, time: Date,
                input: [String: JSONValue]? = nil, locale: String? = nil) {
        self.input = input
        self.locale = locale
        self.requestId = requestId
        self.user = user
        self.feature = feature
        self.promptVersion = promptVersion
        self.verdict = verdict
        self.reason = reason
        self.time = time
    }
}

/// Users' verdicts, one per request and user: a second verdict of the same user on the same request replaces the
/// first (where it stood in the order written), so one user cannot weigh a case in the golden set by repeating
/// it. Request ids and users compare as bytes (`Bytewise`).
public protocol FeedbackStore: Sendable {
    /// Stores `feedback`, replacing the user's earlier verdict on the same request.
    func record(_ feedback: Feedback) async throws
    /// Every verdict, in the order first written.
    func all() async throws -> [Feedback]
}

public final class InMemoryFeedbackStore: FeedbackStore {
    private let rows = Mutex<[Feedback]>([])
    public init() {}

    public func record(_ feedback: Feedback) async throws {
        rows.withLock { rows in
            if let earlier = rows.firstIndex(where: { $0.requestId.sameBytes(as: feedback.requestId) && $0.user.sameBytes(as: feedback.user) }) {
                rows[earlier] = feedback
            } else {
                rows.append(feedback)
            }
        }
    }

    public func all() async throws -> [Feedback] { rows.withLock { $0 } }
}
