import AssistCrypto
import AssistIntegrity
import AssistWire
import Foundation

/// Ops tooling for client integrity:
///
///     integrity verify-attestation --file F --challenge C --app-id TEAM.BUNDLE [--key-id B64]
///                                  [--environment development|production] [--at ISO8601]
///     integrity verify-assertion --file F --client-data C --public-key PEM_FILE --app-id TEAM.BUNDLE --previous-counter N
///
/// F holds the object as base64 text or raw CBOR; C is the string whose SHA-256 is the clientDataHash (or
/// the signed client data). Prints `{"valid", "reason", "environment", "keyId", "counter"}`; exit 0
/// whenever verification ran, whatever its verdict, 2 for bad arguments or unreadable input.
enum IntegrityCommand {
    static func run(_ arguments: [String]) -> Int32 {
        switch arguments.first {
        case "verify-attestation": attestation(Array(arguments.dropFirst()))
        case "verify-assertion": assertion(Array(arguments.dropFirst()))
        default: Usage.fail("integrity supports: verify-attestation, verify-assertion")
        }
    }

    private static func attestation(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try Options(arguments, allowed: ["file", "challenge", "app-id", "key-id", "environment", "at"])
        } catch {
            return Usage.fail(error.message)
        }
        guard let challenge = options["challenge"], let appId = options["app-id"] else { return Usage.fail("needs --file, --challenge and --app-id") }
        guard let environment = AppAttestEnvironment(rawValue: options["environment"] ?? "production") else {
            return Usage.fail("--environment must be development or production")
        }
        var time = Date()
        if let at = options["at"] {
            guard let parsed = ISO8601DateFormatter().date(from: at) else { return Usage.fail("--at must be ISO 8601, e.g. 2024-06-01T00:00:00Z") }
            time = parsed
        }
        var keyId: [UInt8]?
        if let text = options["key-id"] {
            guard let decoded = Data(base64Encoded: text) else { return Usage.fail("--key-id must be base64") }
            keyId = Array(decoded)
        }
        guard let object = readObject(options["file"]) else { return Usage.fail("cannot read --file (base64 text or raw CBOR)") }
        let verifier = AppAttestVerifier(appId: appId, environment: environment)
        do {
            let key = try verifier.verifyAttestation(object, keyId: keyId, clientDataHash: Digest.sha256(Array(challenge.utf8)), at: time)
            return report(valid: true, reason: nil, environment: key.environment.rawValue, keyId: key.keyId, counter: Int(key.counter))
        } catch {
            return report(valid: false, reason: error.rawValue, environment: environment.rawValue, keyId: keyId, counter: nil)
        }
    }

    private static func assertion(_ arguments: [String]) -> Int32 {
        let options: Options
        let previous: Int
        do {
            options = try Options(arguments, allowed: ["file", "client-data", "public-key", "app-id", "previous-counter"])
            previous = try options.int("previous-counter", default: -1)
        } catch {
            return Usage.fail(error.message)
        }
        guard let clientData = options["client-data"], let appId = options["app-id"], let keyFile = options["public-key"],
              previous >= 0, previous <= Int(UInt32.max) else {
            return Usage.fail("needs --file, --client-data, --public-key, --app-id and --previous-counter")
        }
        guard let pem = try? String(contentsOfFile: keyFile, encoding: .utf8), let key = try? PublicKey(pem: pem), let point = key.p256Point else {
            return Usage.fail("cannot read a P-256 public key from \(keyFile)")
        }
        guard let object = readObject(options["file"]) else { return Usage.fail("cannot read --file (base64 text or raw CBOR)") }
        // The assertion does not say its environment; the key was attested in one.
        let verifier = AppAttestVerifier(appId: appId, environment: .production)
        do {
            let counter = try verifier.verifyAssertion(object, clientData: Array(clientData.utf8), publicKey: key, previousCounter: UInt32(previous))
            return report(valid: true, reason: nil, environment: nil, keyId: Digest.sha256(point), counter: Int(counter))
        } catch {
            return report(valid: false, reason: error.rawValue, environment: nil, keyId: Digest.sha256(point), counter: nil)
        }
    }

    /// Raw CBOR (a map) or base64 text of it.
    private static func readObject(_ path: String?) -> [UInt8]? {
        guard let path, let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return nil }
        let bytes = Array(data)
        if (try? CBOR.decode(bytes)) != nil { return bytes }
        let text = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
        return Data(base64Encoded: text).map(Array.init)
    }

    private static func report(valid: Bool, reason: String?, environment: String?, keyId: [UInt8]?, counter: Int?) -> Int32 {
        let json: JSONValue = [
            "valid": .bool(valid), "reason": reason.map { .string($0) } ?? .null, "environment": environment.map { .string($0) } ?? .null,
            "keyId": keyId.map { .string(Data($0).base64EncodedString()) } ?? .null, "counter": counter.map { .number(Double($0)) } ?? .null,
        ]
        print(JSONWriter.string(json))
        return 0
    }
}
