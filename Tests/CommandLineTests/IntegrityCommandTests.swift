import AssistTestSupport
import AssistWire
import Foundation
import Testing

@Suite("assist integrity, on the real vectors")
struct IntegrityCommandTests {
    func file(_ contents: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("assist-integrity-\(UUID().uuidString)")
        try contents.write(to: url)
        return url
    }

    func run(_ arguments: [String]) async throws -> (status: Int32, json: JSONValue?, stderr: String) {
        let result = try await onOwnThread { try AssistBinary.run(["integrity"] + arguments) }
        return (result.status, try? JSONParser.parse(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), result.stderr)
    }

    @Test("verify-attestation: valid inside the certificates' validity, a verdict (exit 0) outside it, base64 or raw CBOR")
    func attestation() async throws {
        let vector = try AppAttestVectors.attestations()[0]  // uebelack development
        let base64 = try file(Data(Data(vector.object).base64EncodedString().utf8))
        let raw = try file(Data(vector.object))
        defer { try? FileManager.default.removeItem(at: base64); try? FileManager.default.removeItem(at: raw) }
        let challenge = String(decoding: vector.challenge, as: UTF8.self)
        let common = ["--challenge", challenge, "--app-id", vector.appId, "--environment", "development"]
        for path in [base64.path, raw.path] {
            let valid = try await run(["verify-attestation", "--file", path, "--at", "2024-06-01T00:00:00Z"] + common)
            #expect(valid.status == 0)
            #expect(valid.json?["valid"] == true)
            #expect(valid.json?["reason"] == .null)
            #expect(valid.json?["environment"] == "development")
            #expect(valid.json?["keyId"] == .string(Data(vector.keyId).base64EncodedString()))
            #expect(valid.json?["counter"] == 0)
        }
        let expired = try await run(["verify-attestation", "--file", raw.path] + common)  // now: the leaf has expired
        #expect(expired.status == 0)
        #expect(expired.json?["valid"] == false && expired.json?["reason"] == "untrusted_certificate")
        let production = try await run(["verify-attestation", "--file", raw.path, "--at", "2024-06-01T00:00:00Z", "--challenge", challenge,
                                        "--app-id", vector.appId])
        #expect(production.json?["reason"] == "wrong_environment")

        #expect(try await run(["verify-attestation", "--file", "/nonexistent", "--challenge", "c", "--app-id", "a"]).status == 2)
        #expect(try await run(["verify-attestation", "--file", raw.path, "--challenge", "c", "--app-id", "a", "--at", "yesterday"]).status == 2)
        #expect(try await run(["verify-attestation", "--file", raw.path, "--app-id", "a"]).status == 2)
        #expect(try await run(["verify-attestation", "--file", raw.path, "--challenge", "c", "--app-id", "a", "--environment", "beta"]).status == 2)
    }

    @Test("verify-assertion: the counter it carries, or why not")
    func assertion() async throws {
        let vector = try AppAttestVectors.assertions()[0]  // uebelack
        let object = try file(Data(Data(vector.object).base64EncodedString().utf8))
        let key = try file(Data(vector.publicKeyPEM.utf8))
        defer { try? FileManager.default.removeItem(at: object); try? FileManager.default.removeItem(at: key) }
        func verify(clientData: String, previous: String) async throws -> (status: Int32, json: JSONValue?, stderr: String) {
            try await run(["verify-assertion", "--file", object.path, "--client-data", clientData, "--public-key", key.path,
                           "--app-id", vector.appId, "--previous-counter", previous])
        }
        let clientData = String(decoding: vector.clientData, as: UTF8.self)
        let valid = try await verify(clientData: clientData, previous: "0")
        #expect(valid.status == 0)
        #expect(valid.json?["valid"] == true && valid.json?["counter"] == 1)
        #expect(valid.json?["keyId"] == "Hd4oXPcGoPNNey/nljS6O+CdmZr3e45hklxO3EZR1sg=")
        #expect(try await verify(clientData: "{}", previous: "0").json?["reason"] == "bad_signature")
        #expect(try await verify(clientData: clientData, previous: "10").json?["reason"] == "counter_not_increased")
        #expect(try await verify(clientData: clientData, previous: "-1").status == 2)
    }
}
