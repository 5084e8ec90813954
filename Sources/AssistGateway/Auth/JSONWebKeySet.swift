public import AssistCrypto
public import AssistWire
import Foundation

/// Public keys that session tokens may be signed with, by `kid`: an identity provider's JWKS document
/// (RFC 7517), RSA keys for `RS256` and P-256 keys for `ES256`.
///
/// Each key's algorithm is fixed here, from the key itself (and its `alg` when given, which must agree),
/// never from a token's header: a token naming another algorithm for a key is refused.
public struct JSONWebKeySet: Sendable {
    public struct Key: Sendable {
        public let id: String
        public let algorithm: String
        public let publicKey: PublicKey
    }

    public let keys: [String: Key]

    public init(keys: [Key]) { self.keys = Dictionary(keys.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }) }

    /// Parses a JWKS document; every problem names its path (`keys[1].n`). Keys for other uses (`use`
    /// other than `sig`) are skipped; a key without `kid` is an error, since tokens select keys by it.
    public init(json: JSONValue) throws(ConfigError) {
        var issues: [ConfigIssue] = []
        var parsed: [Key] = []
        guard case .array(let entries)? = json["keys"] else { throw ConfigError(issues: [ConfigIssue(path: "keys", message: "must be an array")]) }
        for (index, entry) in entries.enumerated() {
            let path = "keys[\(index)]"
            if let use = entry["use"]?.stringValue, use != "sig" { continue }
            guard let id = entry["kid"]?.stringValue, !id.isEmpty else { issues.append(ConfigIssue(path: "\(path).kid", message: "required")); continue }
            func bytes(_ member: String) -> [UInt8]? {
                guard let text = entry[member]?.stringValue, let decoded = Base64URL.decode(Substring(text)) else {
                    issues.append(ConfigIssue(path: "\(path).\(member)", message: "must be base64url"))
                    return nil
                }
                return decoded
            }
            let algorithm: String
            let key: PublicKey
            do {
                switch entry["kty"]?.stringValue {
                case "RSA":
                    guard let n = bytes("n"), let e = bytes("e") else { continue }
                    algorithm = "RS256"
                    key = try PublicKey(rsaModulus: n, exponent: e)
                case "EC":
                    guard entry["crv"]?.stringValue == "P-256" else { issues.append(ConfigIssue(path: "\(path).crv", message: "must be P-256")); continue }
                    guard let x = bytes("x"), let y = bytes("y"), x.count == 32, y.count == 32 else {
                        issues.append(ConfigIssue(path: path, message: "x and y must be 32 bytes each"))
                        continue
                    }
                    algorithm = "ES256"
                    key = try PublicKey(p256Point: [4] + x + y)
                default:
                    issues.append(ConfigIssue(path: "\(path).kty", message: "must be RSA or EC"))
                    continue
                }
            } catch {
                issues.append(ConfigIssue(path: path, message: error.description))
                continue
            }
            if let stated = entry["alg"]?.stringValue, stated != algorithm {
                issues.append(ConfigIssue(path: "\(path).alg", message: "\(stated) does not fit a \(algorithm) key"))
                continue
            }
            parsed.append(Key(id: id, algorithm: algorithm, publicKey: key))
        }
        guard issues.isEmpty else { throw ConfigError(issues: issues) }
        self.init(keys: parsed)
    }

    /// Reads a JWKS file; errors name the file and the path inside it.
    public static func load(path: String) throws(ConfigError) -> JSONWebKeySet {
        guard let data = FileManager.default.contents(atPath: path), let json = try? JSONParser.parse(Array(data)) else {
            throw ConfigError(issues: [ConfigIssue(path: path, message: "cannot read a JSON document")])
        }
        do {
            return try JSONWebKeySet(json: json)
        } catch {
            throw ConfigError(issues: error.issues.map { ConfigIssue(path: "\(path): \($0.path)", message: $0.message) })
        }
    }
}
