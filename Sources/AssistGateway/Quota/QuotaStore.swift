/// A per-window budget: requests and tokens, and optionally what the answers may cost.
public struct QuotaLimits: Sendable, Equatable {
    public var requests: Int
    public var tokens: Int
    /// Millionths of the targets' price currency a user may spend on the feature in a window (`costMicrosPerDay`);
    /// nil: no limit in cost.
    public var costMicros: Int?
    public init(requests: Int, tokens: Int, costMicros: Int? = nil) {
        self.requests = requests
        self.tokens = tokens
        self.costMicros = costMicros
    }
}

/// What is counted against: one user, one feature, one UTC day. Keys are equal when their user and feature are
/// the same bytes (`Bytewise`), as every store compares them, not merely canonically equivalent strings.
public struct QuotaKey: Hashable, Sendable {
    /// The key whose "tokens" count the cost of `self`'s answers, in millionths (`QuotaLimits.costMicros`): the same
    /// store, the same atomic reserve and settle, under a feature name no configured feature has (ids hold no
    /// control character).
    public var cost: QuotaKey { QuotaKey(user: user, feature: feature + "\u{1F}cost", day: day) }

    public var user: String
    public var feature: String
    public var day: UTCDay
    public init(user: String, feature: String, day: UTCDay) {
        self.user = user
        self.feature = feature
        self.day = day
    }

    public static func == (lhs: QuotaKey, rhs: QuotaKey) -> Bool {
        lhs.user.sameBytes(as: rhs.user) && lhs.feature.sameBytes(as: rhs.feature) && lhs.day == rhs.day
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(Bytewise(user))
        hasher.combine(Bytewise(feature))
        hasher.combine(day)
    }
}

public enum QuotaDecision: Sendable, Equatable {
    /// Admitted; what is left in the window after this reservation.
    case admitted(remainingRequests: Int, remainingTokens: Int)
    /// Over the limit: nothing was reserved.
    case exceeded
}

/// Counts requests and tokens per key, atomically.
///
/// `reserve` takes one request and `tokens` tokens only if both stay within `limits`; concurrent callers
/// against a limit of K admit exactly K. `settle` replaces a reservation's tokens by the real usage when the
/// stream ends (partial usage of a cancelled stream counts).
public protocol QuotaStore: Sendable {
    func reserve(_ key: QuotaKey, tokens: Int, limits: QuotaLimits) async throws -> QuotaDecision
    func settle(_ key: QuotaKey, reservedTokens: Int, actualTokens: Int) async throws
}
