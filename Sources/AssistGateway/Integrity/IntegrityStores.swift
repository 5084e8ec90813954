import AssistCrypto
public import Foundation
import Synchronization

/// An App Attest key registered for a user: the public key to verify assertions with and the highest
/// counter seen, which every later assertion must exceed.
public struct DeviceKey: Sendable, Equatable {
    public var user: String
    public var keyId: [UInt8]
    /// The uncompressed P-256 point.
    public var publicKey: [UInt8]
    public var counter: UInt32
    public var environment: String

    public init(user: String, keyId: [UInt8], publicKey: [UInt8], counter: UInt32, environment: String) {
        self.user = user
        self.keyId = keyId
        self.publicKey = publicKey
        self.counter = counter
        self.environment = environment
    }
}

/// Registered App Attest keys, by (user, key id).
public protocol DeviceKeyStore: Sendable {
    /// Registers (or re-registers, after a reinstall) a key.
    func register(_ key: DeviceKey) async throws
    func key(user: String, keyId: [UInt8]) async throws -> DeviceKey?
    /// Moves the counter from `old` to `new` only if it is still `old`: of two requests carrying the same
    /// assertion, exactly one advances it; the other is a replay.
    func advance(user: String, keyId: [UInt8], from old: UInt32, to new: UInt32) async throws -> Bool
}

/// Single-use challenges for App Attest registration and fresh-challenge features, bound to a user.
public protocol ChallengeStore: Sendable {
    func issue(user: String, ttl: TimeInterval) async throws -> String
    /// True once for a challenge issued to `user` and not yet expired; it is gone afterwards.
    func consume(_ challenge: String, user: String) async throws -> Bool
}

/// Integrity proofs already used, so that a proof seen once is refused again for as long as it could still be
/// accepted, on every replica sharing the store. Play Integrity tokens need it: nothing in a token changes
/// from one use to the next (App Attest assertions carry a counter instead, `DeviceKeyStore.advance`).
///
/// A proof is named by its SHA-256, never by itself: the store holds nothing a reader could present.
public protocol ProofReplayStore: Sendable {
    /// Records the proof whose SHA-256 is `digest` as used for `ttl` seconds. True on its first use; false when
    /// it was recorded before and has not expired. Atomic: of any number of concurrent calls with one digest,
    /// on any replica, exactly one is true.
    func firstUse(digest: [UInt8], ttl: TimeInterval) async throws -> Bool
}

public final class InMemoryDeviceKeyStore: DeviceKeyStore {
    private let keys = Mutex<[Bytewise: DeviceKey]>([:])
    public init() {}

    private static func id(_ user: String, _ keyId: [UInt8]) -> Bytewise { Bytewise(user + "\u{1F}" + Base64URL.encode(keyId)) }

    public func register(_ key: DeviceKey) async throws { keys.withLock { $0[Self.id(key.user, key.keyId)] = key } }
    public func key(user: String, keyId: [UInt8]) async throws -> DeviceKey? { keys.withLock { $0[Self.id(user, keyId)] } }
    public func advance(user: String, keyId: [UInt8], from old: UInt32, to new: UInt32) async throws -> Bool {
        keys.withLock { keys in
            guard var key = keys[Self.id(user, keyId)], key.counter == old, new > old else { return false }
            key.counter = new
            keys[Self.id(user, keyId)] = key
            return true
        }
    }
}

public final class InMemoryChallengeStore: ChallengeStore {
    private let challenges = Mutex<[Bytewise: (user: String, expires: Date)]>([:])
    private let clock: any WallClock
    public init(clock: any WallClock = SystemWallClock()) { self.clock = clock }

    public func issue(user: String, ttl: TimeInterval) async throws -> String {
        let challenge = Base64URL.encode(Digest.randomBytes(32))
        let now = clock.now()
        challenges.withLock { challenges in
            challenges = challenges.filter { $0.value.expires > now }
            challenges[Bytewise(challenge)] = (user, now.addingTimeInterval(ttl))
        }
        return challenge
    }

    public func consume(_ challenge: String, user: String) async throws -> Bool {
        let now = clock.now()
        return challenges.withLock { challenges in
            guard let entry = challenges[Bytewise(challenge)], entry.user.sameBytes(as: user) else { return false }
            challenges[Bytewise(challenge)] = nil
            return entry.expires > now
        }
    }
}

public final class InMemoryProofReplayStore: ProofReplayStore {
    private let seen = Mutex<[[UInt8]: Date]>([:])
    private let clock: any WallClock
    public init(clock: any WallClock = SystemWallClock()) { self.clock = clock }

    public func firstUse(digest: [UInt8], ttl: TimeInterval) async throws -> Bool {
        let now = clock.now()
        return seen.withLock { seen in
            if let expires = seen[digest], expires > now { return false }
            seen = seen.filter { $0.value > now }
            seen[digest] = now.addingTimeInterval(ttl)
            return true
        }
    }
}
