import AssistCrypto
public import AssistGateway
public import AssistHTTP
import AssistWire
import Foundation

/// The gateway's integrity verifier: App Attest assertions against registered keys, Play Integrity tokens
/// opened locally, each proof bound to this request (method, path, body hash, and a fresh challenge where
/// the feature asks for one).
///
/// Outcomes: a verified proof is `trusted` (a Play verdict on a device with basic integrity only is
/// `degraded`); a proof that fails is `untrusted` with its reason; no proof, or a kind of proof this
/// deployment does not check, is `unavailable`; a key store that cannot be read is `degraded`, so an
/// outage of our own database does not push genuine users down to the untrusted quota.
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
    let clock: any WallClock

    public init(appAttest: AppAttestVerifier?, playIntegrity: PlayIntegrity?, keys: any DeviceKeyStore, challenges: any ChallengeStore,
                clock: any WallClock = SystemWallClock()) {
        self.appAttest = appAttest
        self.playIntegrity = playIntegrity
        self.keys = keys
        self.challenges = challenges
        self.clock = clock
    }

    public func verdict(for request: HTTPRequest, user: String, feature: FeatureRecord) async -> IntegrityVerdict {
        guard let value = request.header(.assistIntegrity) else { return IntegrityVerdict(.unavailable) }
        guard let header = IntegrityHeader(value) else { return IntegrityVerdict(.untrusted, reason: "malformed") }
        let bodyHash = Data(Digest.sha256(request.body)).base64EncodedString()
        switch header.scheme {
        case "appattest":
            guard let appAttest else { return IntegrityVerdict(.unavailable, reason: "not_configured") }
            let challenge = feature.freshChallenge ? header.parameters["challenge"] : nil
            if feature.freshChallenge, challenge == nil { return IntegrityVerdict(.untrusted, reason: "challenge_missing") }
            let clientData = IntegrityClientData.make(method: request.method.rawValue, path: request.path, bodySHA256Base64: bodyHash, challenge: challenge)
            return await assertion(header, clientData: clientData, challenge: challenge, user: user, verifier: appAttest)
        case "playintegrity":
            guard let playIntegrity else { return IntegrityVerdict(.unavailable, reason: "not_configured") }
            guard let token = header.parameters["token"] else { return IntegrityVerdict(.untrusted, reason: "malformed") }
            let clientData = IntegrityClientData.make(method: request.method.rawValue, path: request.path, bodySHA256Base64: bodyHash)
            let payload: JSONValue
            do {
                payload = try playIntegrity.token.payload(of: token)
            } catch {
                return IntegrityVerdict(.untrusted, reason: error.rawValue)
            }
            let outcome = playIntegrity.policy.evaluate(payload, requestHash: Base64URL.encode(Digest.sha256(Array(clientData.utf8))), now: clock.now())
            let level: TrustLevel = switch outcome.level {
            case .trusted: .trusted
            case .degraded: .degraded
            case .untrusted: .untrusted
            }
            return IntegrityVerdict(level, reason: outcome.reason)
        default:
            return IntegrityVerdict(.untrusted, reason: "unknown_scheme")
        }
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
