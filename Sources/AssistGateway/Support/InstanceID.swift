public import Foundation
import AssistCrypto

/// The id of a gateway instance: stable per data directory (kept in it, `instance-id`), so a gateway
/// restarted on the same directory is the same instance and closes what it left open.
public enum InstanceID {
    public static func load(dataDirectory: URL) throws -> String {
        let file = dataDirectory.appendingPathComponent("instance-id")
        if let data = FileManager.default.contents(atPath: file.path), let id = String(data: data, encoding: .utf8)?
            .trimmingCharacters(in: .whitespacesAndNewlines), !id.isEmpty {
            return id
        }
        try PrivateDirectory.prepare(dataDirectory)
        let id = "gw_" + Base64URL.encode(Digest.randomBytes(9))
        guard FileManager.default.createFile(atPath: file.path, contents: Data(id.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        return id
    }
}
