import AssistCrypto
import Foundation

/// Where the development HS256 secret comes from: the configured environment variable when set, otherwise
/// `<data dir>/jwt-hs256.secret`, created with 32 random bytes (mode 0600) on first use so that
/// `assist token` and `assist serve` with the same data dir agree.
public enum SecretStore {
    public static func hs256Secret(environmentVariable: String, dataDirectory: URL) throws -> [UInt8] {
        if let value = ProcessInfo.processInfo.environment[environmentVariable], !value.isEmpty {
            return Array(value.utf8)
        }
        let file = dataDirectory.appendingPathComponent("jwt-hs256.secret")
        if let existing = try? String(contentsOf: file, encoding: .utf8) {
            let trimmed = existing.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { return Array(trimmed.utf8) }
        }
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        let secret = Digest.randomBytes(32).map { String(format: "%02x", $0) }.joined()
        let temporary = dataDirectory.appendingPathComponent("jwt-hs256.secret.\(getpid()).tmp")
        _ = FileManager.default.createFile(atPath: temporary.path, contents: Data(secret.utf8), attributes: [.posixPermissions: 0o600])
        // link(2) fails if another process created the file first; then theirs wins and both agree.
        if link(temporary.path, file.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            return try hs256Secret(environmentVariable: environmentVariable, dataDirectory: dataDirectory)
        }
        try? FileManager.default.removeItem(at: temporary)
        return Array(secret.utf8)
    }
}
