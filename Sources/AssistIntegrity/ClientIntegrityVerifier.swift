import AssistCrypto
public import AssistGateway
public import AssistHTTP
import AssistWire
import Foundation

/// The gateway's integrity verifier: App Attest assertions against registered keys, Play Integrity tokens
/// opened locally, each proof bound to this request (method, path, body hash, the hash of the session token it
/// came with, and a fresh challenge where the feature asks for one) and good for one use.
///
/// Outcomes: a verified proof is `trusted` (a Play verdict on a device with basic integrity only is
/// `degraded`); a proof that fails is `untrusted` with its reason (`request_mismatch` or `bad_signature` for a
/// proof made for another request or another user's session, `replayed` for one used before,
/// `challenge_missing` / `challenge_invalid`); no proof, or a kind of proof this deployment does not check, is
/// `unavailable`; a store that cannot be read or written (keys, challenges, used proofs) is `degraded`, so an
/// outage of our own storage does not push genuine users down to the untrusted quota.
public struct ClientIntegrityVerifier: IntegrityVerifier {
    public struct PlayIntegrity: Sendable {
        public let token: PlayIntegrityToken
        public let policy: PlayIntegrityPolicy
        public init(token: PlayIntegrityToken, policy: PlayIntegrityPolicy) {
            self.token = token
            self.policy = policy
        }
    }

    let appAttest: AppAttestVerifier?
    let playIntegrity: PlayIntegrity?
    let keys: any DeviceKeyStore
    let challenges: any ChallengeStore
    let proofs: any ProofReplayStore
    let clock: any WallClock

    /// - Parameter proofs: the Play Integrity tokens already used (shared by every replica that shares the other
    ///   stores).
    public init(appAttest: AppAttestVerifier?, playIntegrity: PlayIntegrity?, keys: any DeviceKeyStore, challenges: any ChallengeStore,
                proofs: any ProofReplayStore, clock: any WallClock = SystemWallClock()) {
        self.appAttest = appAttest
        self.playIntegrity = playIntegrity
        self.keys = keys
        self.challenges = challenges
        self.proofs = proofs
        self.clock = clock
    }

    public func verdict(for request: HTTPRequest, user: String, feature: FeatureRecord) async -> IntegrityVerdict {
        guard let value = request.header(.assistIntegrity) else { return IntegrityVerdict(.unavailable) }
        guard let header = IntegrityHeader(value) else { return IntegrityVerdict(.untrusted, reason: "malformed") }
        // The request authenticated with this token before integrity is asked; without one nothing can be bound.
        guard let session = try? BearerToken.read(request) else { return IntegrityVerdict(.untrusted, reason: "malformed") }
        let kind: ProofKind
        switch (header.scheme, appAttest, playIntegrity) {
        case ("appattest", let verifier?, _): kind = .appAttest(verifier)
        case ("playintegrity", _, let verifier?): kind = .playIntegrity(verifier)
        case ("appattest", _, _), ("playintegrity", _, _): return IntegrityVerdict(.unavailable, reason: "not_configured")
        default: return IntegrityVerdict(.untrusted, reason: "unknown_scheme")
        }
        // Every kind of proof covers a fresh challenge when the feature asks for one.
        let challenge = feature.freshChallenge ? header.parameters["challenge"] : nil
        if feature.freshChallenge, challenge == nil { return IntegrityVerdict(.untrusted, reason: "challenge_missing") }
        let clientData = IntegrityClientData.make(
            method: request.method.rawValue, path: request.path, bodySHA256Base64: Data(Digest.sha256(request.body)).base64EncodedString(),
            sessionSHA256Base64: Data(Digest.sha256(Array(session.utf8))).base64EncodedString(), challenge: challenge)
        switch kind {
        case .appAttest(let verifier): return await assertion(header, clientData: clientData, challenge: challenge, user: user, verifier: verifier)
        case .playIntegrity(let verifier): return await playToken(header, clientData: clientData, challenge: challenge, user: user, verifier: verifier)
        }
    }

    private enum ProofKind {
        case appAttest(AppAttestVerifier)
        case playIntegrity(PlayIntegrity)
    }

    /// A Play Integrity token: opened, judged against this request's hash, then spent. Google does not make a
    /// token single-use, so the gateway does: its SHA-256 is recorded for as long as the policy would accept it.
    private func playToken(_ header: IntegrityHeader, clientData: String, challenge: String?, user: String,
                           verifier: PlayIntegrity) async -> IntegrityVerdict {
        guard let token = header.parameters["token"] else { return IntegrityVerdict(.untrusted, reason: "malformed") }
        let payload: JSONValue
        do {
            payload = try verifier.token.payload(of: token)
        } catch {
            return IntegrityVerdict(.untrusted, reason: error.rawValue)
        }
        let outcome = verifier.policy.evaluate(payload, requestHash: Base64URL.encode(Digest.sha256(Array(clientData.utf8))), now: clock.now())
        let level: TrustLevel
        switch outcome.level {
        case .trusted: level = .trusted
        case .degraded: level = .degraded
        case .untrusted: return IntegrityVerdict(.untrusted, reason: outcome.reason)
        }
        do {
            // Spent only once it verified (a forged token cannot fill the store), and before the challenge, so
            // that a second sending of one token is named for what it is.
            guard try await proofs.firstUse(digest: Digest.sha256(Array(token.utf8)), ttl: verifier.policy.acceptanceWindowSeconds) else {
                return IntegrityVerdict(.untrusted, reason: "replayed")
            }
            if let challenge, !(try await challenges.consume(challenge, user: user)) {
                return IntegrityVerdict(.untrusted, reason: "challenge_invalid")
            }
        } catch {
            return IntegrityVerdict(.degraded, reason: "verifier_unavailable")
        }
        return IntegrityVerdict(level, reason: outcome.reason)
    }

    private func assertion(_ header: IntegrityHeader, clientData: String, challenge: String?, user: String,
                           verifier: AppAttestVerifier) async -> IntegrityVerdict {
        guard let keyId = header.parameters["keyId"].flatMap({ Data(base64Encoded: $0) }).map(Array.init),
              let object = header.parameters["assertion"].flatMap({ Data(base64Encoded: $0) }).map(Array.init) else {
            return IntegrityVerdict(.untrusted, reason: "malformed")
        }
        let stored: DeviceKey
        do {
            guard let found = try await keys.key(user: user, keyId: keyId) else { return IntegrityVerdict(.untrusted, reason: "unknown_key") }
            stored = found
        } catch {
            return IntegrityVerdict(.degraded, reason: "verifier_unavailable")
        }
        guard let publicKey = try? PublicKey(p256Point: stored.publicKey) else { return IntegrityVerdict(.untrusted, reason: "unknown_key") }
        let counter: UInt32
        do {
            counter = try verifier.verifyAssertion(object, clientData: Array(clientData.utf8), publicKey: publicKey, previousCounter: stored.counter)
        } catch {
            return IntegrityVerdict(.untrusted, reason: error.rawValue)
        }
        do {
            // The challenge is spent only by a genuine assertion, so a forger cannot burn a user's challenge.
            if let challenge, !(try await challenges.consume(challenge, user: user)) {
                return IntegrityVerdict(.untrusted, reason: "challenge_invalid")
            }
            // Of two requests carrying the same assertion, only one moves the counter on: the other is a replay.
            guard try await keys.advance(user: user, keyId: keyId, from: stored.counter, to: counter) else {
                return IntegrityVerdict(.untrusted, reason: "replayed")
            }
        } catch {
            return IntegrityVerdict(.degraded, reason: "verifier_unavailable")
        }
        return IntegrityVerdict(.trusted)
    }

    public func registerAppAttestKey(user: String, keyId: [UInt8], attestation: [UInt8], challenge: String) async -> String? {
        guard let appAttest else { return "not_configured" }
        do {
            guard try await challenges.consume(challenge, user: user) else { return "challenge_invalid" }
        } catch {
            return "verifier_unavailable"
        }
        let key: AppAttestKey
        do {
            key = try appAttest.verifyAttestation(attestation, keyId: keyId, clientDataHash: Digest.sha256(Array(challenge.utf8)), at: clock.now())
        } catch {
            return error.rawValue
        }
        guard let point = key.publicKey.p256Point else { return "malformed" }
        do {
            try await keys.register(DeviceKey(user: user, keyId: keyId, publicKey: point, counter: key.counter, environment: key.environment.rawValue))
        } catch {
            return "verifier_unavailable"
        }
        return nil
    }
}
