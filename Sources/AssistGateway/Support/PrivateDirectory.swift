public import Foundation

/// The data directory holds personal data (audit metadata, feedback, device keys, stored answers) and
/// secrets: only its owner may enter it.
public enum PrivateDirectory {
    /// Creates `url` (and its parents) if missing, and makes it mode 0700 even if it already existed.
    public static func prepare(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
    }

    /// The value kept in the file `name` of `directory`, created (mode 0600, the directory prepared) with
    /// `make()` on first use. Two processes creating it at once agree: link(2) lets only the first file in,
    /// and the other reads it.
    public static func value(of name: String, in directory: URL, created make: () -> String) throws -> String {
        let file = directory.appendingPathComponent(name)
        if let existing = try? String(contentsOf: file, encoding: .utf8) {
            let trimmed = existing.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { return trimmed }
        }
        try prepare(directory)
        let value = make()
        let temporary = directory.appendingPathComponent("\(name).\(getpid()).tmp")
        _ = FileManager.default.createFile(atPath: temporary.path, contents: Data(value.utf8), attributes: [.posixPermissions: 0o600])
        defer { try? FileManager.default.removeItem(at: temporary) }
        guard link(temporary.path, file.path) == 0 else { return try self.value(of: name, in: directory, created: make) }
        return value
    }
}
