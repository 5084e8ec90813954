import Synchronization

/// Session tokens a `JWTVerifier` has accepted, so that an app's requests under one token do not pay its signature,
/// Base64 and JSON again on each (about 3 % of a streamed request's CPU with HS256, far more with RS256; issue 32).
///
/// A hit is the very text a full check accepted, so it names the same subject; of the checks, only the expiry gets
/// harder to meet as time passes, and it is checked again on every hit (`nbf`, `iat` and the lifetime cap only get
/// easier). Bounded: at most `capacity` tokens of at most `maxTokenBytes` each (a longer one is checked in full every
/// time), and a full cache is emptied rather than searched for the oldest: a burst of new tokens costs one full check
/// each, as without a cache. Keys are hashed with the process's random seed, so a caller cannot aim collisions at it.
final class VerifiedTokens: Sendable {
    static let capacity = 4096
    static let maxTokenBytes = 2048

    private struct Accepted {
        let subject: String
        /// The token's `exp` plus the leeway: past it, the token is expired.
        let expiresAt: Double
    }

    private let accepted = Mutex<[String: Accepted]>([:])

    /// The subject of `token` if it was accepted before and is not expired at `now` (seconds since 1970); nil when it
    /// must be checked in full. An expired entry is dropped.
    func subject(of token: String, now: Double) -> String? {
        accepted.withLock { accepted in
            guard let entry = accepted[token] else { return nil }
            guard now <= entry.expiresAt else {
                accepted[token] = nil
                return nil
            }
            return entry.subject
        }
    }

    /// Remembers that `token` was accepted for `subject`, valid up to `expiresAt`.
    func remember(_ token: String, subject: String, expiresAt: Double) {
        guard token.utf8.count <= Self.maxTokenBytes else { return }
        accepted.withLock { accepted in
            if accepted.count >= Self.capacity { accepted.removeAll(keepingCapacity: true) }
            accepted[token] = Accepted(subject: subject, expiresAt: expiresAt)
        }
    }

    /// Tokens held (tests).
    var count: Int { accepted.withLock { $0.count } }
}
