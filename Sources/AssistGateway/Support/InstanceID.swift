public import Foundation
import AssistCrypto

/// The id of a gateway instance: stable per data directory (kept in it, `instance-id`), so a gateway
/// restarted on the same directory is the same instance and closes what it left open.
public enum InstanceID {
    public static func load(dataDirectory: URL) throws -> String {
        try PrivateDirectory.value(of: "instance-id", in: dataDirectory) { "gw_" + Base64URL.encode(Digest.randomBytes(9)) }
    }
}
