public import Foundation

/// The data directory holds personal data (audit metadata, feedback, device keys, stored answers) and
/// secrets: only its owner may enter it.
public enum PrivateDirectory {
    /// Creates `url` (and its parents) if missing, and makes it mode 0700 even if it already existed.
    public static func prepare(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
    }
}
