public import AssistTelemetry

/// The gateway's operational log: its lines that belong to no one request, through the process's one log
/// (`LogSystem`). Metadata only (ids, codes, causes), never prompt, input or output text. A request's own
/// lines go through its context's logger, which adds its ids.
public enum GatewayLog {
    public static let logger = Logger()

    public static func warning(_ message: String) { logger.warning(message) }
}
