import AssistCrypto
public import Foundation

/// Real App Attest attestations and assertions made by Apple devices (`Tests/Fixtures/appattest`:
/// uebelack/node-app-attest, MIT; veehaitch/devicecheck-appattest, Apache-2.0), read in place; provenance in
/// `Tests/Fixtures/README.md`.
public enum AppAttestVectors {
    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/appattest").standardized

    public struct Attestation {
        public var name: String
        public var object: [UInt8]
        public var keyId: [UInt8]
        /// The string whose SHA-256 is the clientDataHash.
        public var challenge: [UInt8]
        public var appId: String
        public var development: Bool
        /// A moment inside the certificates' validity (they have expired since).
        public var at: Date
    }

    public struct Assertion {
        public var name: String
        public var object: [UInt8]
        public var clientData: [UInt8]
        public var publicKeyPEM: String
        public var appId: String
        public var previousCounter: UInt32
        public var counter: UInt32
    }

    public static func base64(_ text: String) -> [UInt8] { Array(Data(base64Encoded: text) ?? Data()) }

    public static func json(_ name: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent(name))) as? [String: Any] ?? [:]
    }

    /// The YAML documents of a veehaitch file: flat `key: value` lines and one `publicKey: |` block each.
    public static func yamlDocuments(_ name: String) throws -> [[String: String]] {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        return text.components(separatedBy: "\n---").map { document in
            var fields: [String: String] = [:]
            var block: String?
            for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
                if let key = block, line.hasPrefix("  ") {
                    fields[key, default: ""] += line.dropFirst(2) + "\n"
                    continue
                }
                block = nil
                guard let colon = line.firstIndex(of: ":"), !line.hasPrefix("-") else { continue }
                let key = String(line[..<colon]), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if value == "|" { block = key } else { fields[key] = value.trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
            }
            return fields
        }
    }

    public static let veehaitchFiles = ["ios-14.2", "ios-14.3-beta-2", "ios-14.3-beta-3", "ios-14.3", "ios-14.4-beta-1", "ios-14.4-beta-2", "ios-14.4"]

    public static func attestations() throws -> [Attestation] {
        let uebelackApp = "V8H6LQ9448.io.uebelacker.AppAttestExample"
        let june2024 = Date(timeIntervalSince1970: 1_717_200_000)  // 2024-06-01, inside both leaves' validity
        var all: [Attestation] = try ["development", "production"].map { environment in
            let vector = try json("uebelack/attestation-\(environment).json")
            return Attestation(name: "uebelack \(environment)", object: base64(vector["attestation"] as? String ?? ""),
                               keyId: base64(vector["keyId"] as? String ?? ""), challenge: base64(vector["challenge"] as? String ?? ""),
                               appId: uebelackApp, development: environment == "development", at: june2024)
        }
        for file in veehaitchFiles {
            guard let document = try yamlDocuments("veehaitch/\(file).yaml").first(where: { $0["type"] == "attestation" }) else { continue }
            let timestamp = ISO8601DateFormatter.withFractionalSeconds.date(from: document["timestamp"] ?? "") ?? Date()
            all.append(Attestation(
                name: "veehaitch \(file)", object: base64(document["attestationBase64"] ?? ""), keyId: base64(document["keyIdBase64"] ?? ""),
                challenge: base64(document["clientDataBase64"] ?? ""),
                appId: "\(document["teamIdentifier"] ?? "").\(document["bundleIdentifier"] ?? "")", development: true, at: timestamp))
        }
        return all
    }

    public static func assertions() throws -> [Assertion] {
        let vector = try json("uebelack/assertion.json")
        var all = [Assertion(
            name: "uebelack", object: base64(vector["assertionBase64"] as? String ?? ""), clientData: Array((vector["clientData"] as? String ?? "").utf8),
            publicKeyPEM: vector["publicKeyPem"] as? String ?? "",
            appId: "\(vector["teamIdentifier"] as? String ?? "").\(vector["bundleIdentifier"] as? String ?? "")", previousCounter: 0, counter: 1)]
        for file in veehaitchFiles {
            guard let document = try yamlDocuments("veehaitch/\(file).yaml").first(where: { $0["type"] == "assertion" }) else { continue }
            all.append(Assertion(
                name: "veehaitch \(file)", object: base64(document["assertionBase64"] ?? ""), clientData: base64(document["clientDataBase64"] ?? ""),
                publicKeyPEM: document["publicKey"] ?? "", appId: "\(document["teamIdentifier"] ?? "").\(document["bundleIdentifier"] ?? "")",
                previousCounter: 0, counter: UInt32(document["counter"] ?? "") ?? 0))
        }
        return all
    }
}

extension ISO8601DateFormatter {
    public static var withFractionalSeconds: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
