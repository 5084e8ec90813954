import Foundation

/// The gateway's operational log on stderr: one line per event, metadata only (ids, codes, causes), never
/// prompt, input or output text.
public enum GatewayLog {
    public static func warning(_ message: String) {
        FileHandle.standardError.write(Data("assist: \(message)\n".utf8))
    }
}
