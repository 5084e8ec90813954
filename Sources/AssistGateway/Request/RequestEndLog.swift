import AssistHTTP
import AssistTelemetry

/// The one log line of a request's end, at `info`: its route (from a closed set, never a client's path), HTTP
/// status, feature, outcome (`ok`, an error code, or a stream's audit status), and milliseconds since it
/// arrived; the logger adds its request id, trace id and span id. Metadata only, as the audit row.
///
/// `Gateway.respond` writes it for every response with a whole body; a streamed answer's comes from its
/// stream's end (`StreamRun`), when its outcome is known, so every request has exactly one.
enum RequestEndLog {
    static func write(_ logger: Logger, route: String, status: Int, feature: String?, outcome: String, milliseconds: Double) {
        guard LogSystem.enabled(.info) else { return }
        logger.info("request ended", [("route", .string(route)), ("status", .int(status)), ("feature", .string(feature ?? "")),
                                      ("outcome", .string(outcome)), ("ms", .double((milliseconds * 10).rounded() / 10))])
    }
}
