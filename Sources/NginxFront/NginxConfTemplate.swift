public import Foundation

/// `deploy/nginx.conf`, the configuration Assist ships for nginx in front of its replicas, read as the
/// template it is and filled in: `@LISTEN@` becomes the address nginx listens on, `@REPLICAS@` one
/// `server HOST:PORT;` line per replica (indented as the placeholder was).
///
/// The tests and the benchmark run nginx from this very file, never from a copy of their own, so what they
/// check is what is shipped. Comment lines are left alone (they mention the placeholders), and filling fails
/// when a placeholder is missing, appears twice, or an unknown `@NAME@` is left: the template changed shape
/// and whoever fills it must change with it.
public struct NginxConfTemplate: Sendable {
    public let text: String

    /// The shipped file: `deploy/nginx.conf` in the repository this module was built from (or, when the
    /// build has moved, in the current directory).
    public static var shippedFile: URL {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let built = repository.appendingPathComponent("deploy/nginx.conf")
        if FileManager.default.fileExists(atPath: built.path) { return built }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("deploy/nginx.conf")
    }

    public init(text: String) { self.text = text }

    public init(contentsOf file: URL = NginxConfTemplate.shippedFile) throws {
        text = try String(contentsOf: file, encoding: .utf8)
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The configuration for nginx listening on `listen` (e.g. `127.0.0.1:8080`) in front of `replicas`
    /// (e.g. `127.0.0.1:9001`).
    public func filled(listen: String, replicas: [String]) throws -> String {
        guard !replicas.isEmpty else { throw Failure(description: "nginx needs at least one replica") }
        var uses = ["@LISTEN@": 0, "@REPLICAS@": 0]
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.hasPrefix("#") else {
                lines.append(line)
                continue
            }
            if trimmed.hasPrefix("@REPLICAS@") {
                uses["@REPLICAS@", default: 0] += 1
                let indent = String(line.prefix(line.count - trimmed.count))
                lines += replicas.map { "\(indent)server \($0);" }
                continue
            }
            if line.contains("@LISTEN@") { uses["@LISTEN@", default: 0] += 1 }
            let filled = line.replacingOccurrences(of: "@LISTEN@", with: listen)
            if let leftover = filled.range(of: "@[A-Z_]+@", options: .regularExpression) {
                throw Failure(description: "unknown placeholder \(filled[leftover]) in the nginx template")
            }
            lines.append(filled)
        }
        for (placeholder, count) in uses.sorted(by: { $0.key < $1.key }) where count != 1 {
            throw Failure(description: "the nginx template has \(placeholder) \(count) times outside comments; expected once")
        }
        return lines.joined(separator: "\n")
    }
}
