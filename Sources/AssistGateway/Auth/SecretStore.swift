import AssistCrypto
public import Foundation

/// Where the gateway's secrets come from: an environment variable when set, otherwise a file in the data
/// dir, created with 32 random bytes (hex, mode 0600) on first use so that `assist token` and `assist serve`
/// with the same data dir agree.
public enum SecretStore {
    /// The development HS256 signing secret (`<data dir>/jwt-hs256.secret`).
    public static func hs256Secret(environmentVariable: String, dataDirectory: URL) throws -> [UInt8] {
        try secret(environmentVariable: environmentVariable, file: "jwt-hs256.secret", dataDirectory: dataDirectory)
    }

    /// The admin API's bearer token (`ASSIST_ADMIN_TOKEN`, else `<data dir>/admin.token`).
    public static func adminToken(dataDirectory: URL, environmentVariable: String = "ASSIST_ADMIN_TOKEN") throws -> [UInt8] {
        try secret(environmentVariable: environmentVariable, file: "admin.token", dataDirectory: dataDirectory)
    }

    static func secret(environmentVariable: String, file name: String, dataDirectory: URL) throws -> [UInt8] {
        if let value = ProcessInfo.processInfo.environment[environmentVariable], !value.isEmpty {
            return Array(value.utf8)
        }
        let value = try PrivateDirectory.value(of: name, in: dataDirectory) {
            Digest.randomBytes(32).map { String(format: "%02x", $0) }.joined()
        }
        return Array(value.utf8)
    }
}
