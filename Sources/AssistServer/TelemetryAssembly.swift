import AssistGateway
import AssistOTLP
import AssistTelemetry

/// The gateway's trace export, from the configuration's `telemetry` and the standard `OTEL_*` variables, which
/// win field by field (`OTLPSettings.fromEnvironment`). Off (`Tracing.off`, no exporter) when neither names an
/// endpoint; then only the trace context travels.
enum TelemetryAssembly {
    /// Every variable `OTLPSettings.fromEnvironment` reads: the assembly reads the environment by name.
    static let variables = [
        "OTEL_SDK_DISABLED", "OTEL_TRACES_EXPORTER", "OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
        "OTEL_EXPORTER_OTLP_PROTOCOL", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_TRACES_HEADERS",
        "OTEL_EXPORTER_OTLP_TIMEOUT", "OTEL_EXPORTER_OTLP_TRACES_TIMEOUT", "OTEL_SERVICE_NAME", "OTEL_TRACES_SAMPLER", "OTEL_TRACES_SAMPLER_ARG",
        "OTEL_BSP_SCHEDULE_DELAY", "OTEL_BSP_MAX_QUEUE_SIZE", "OTEL_BSP_MAX_EXPORT_BATCH_SIZE",
    ]

    /// The exporter's settings (nil: export off). A variable with a bad value is a configuration error naming it
    /// (never its value, which may be a secret). Pure: the exporter, whose thread starts with it, is made only
    /// once everything else of the assembly was built (`tracing(_:)`).
    static func settings(_ telemetry: TelemetrySettings, instance: String, environment: (String) -> String?) throws -> OTLPSettings? {
        let base = OTLPSettings(
            endpoint: telemetry.endpoint ?? "", wireProtocol: telemetry.traceProtocol.flatMap(OTLPSettings.WireProtocol.init) ?? .httpProtobuf,
            headers: telemetry.headers, serviceName: telemetry.serviceName ?? "assist", serviceInstanceID: instance,
            sampler: telemetry.sampleRatio.map { .parentBased(root: .traceIdRatio($0)) } ?? .parentBased(root: .alwaysOn))
        let present = Dictionary(uniqueKeysWithValues: variables.compactMap { name in environment(name).map { (name, $0) } })
        do {
            return try OTLPSettings.fromEnvironment(present, base: base)
        } catch {
            throw ConfigError(issues: [ConfigIssue(path: "telemetry", message: "\(error)")])
        }
    }

    /// The tracing the gateway runs with, and its exporter to run as a service (nil: export off).
    static func tracing(_ settings: OTLPSettings?) -> (tracing: Tracing, exporter: OTLPHTTPExporter?) {
        guard let settings else { return (Tracing.off, nil) }
        let exporter = OTLPHTTPExporter(settings: settings)
        return (Tracing(sampler: settings.sampler, exporter: exporter), exporter)
    }
}
