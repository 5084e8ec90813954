import AssistTelemetry

/// A standard OpenTelemetry variable with a value the gateway cannot use. The message names the variable and
/// says what it must be; it never repeats the value, which may be a secret (a header's API key).
public struct OTLPEnvironmentError: Error, Equatable, CustomStringConvertible {
    /// The variable, as spelled in the environment (`OTEL_EXPORTER_OTLP_TIMEOUT`).
    public let variable: String
    /// What is wrong, stable for tests and operators' searches ("not a whole number of milliseconds from 1 to 3600000").
    public let reason: String

    public init(variable: String, reason: String) {
        self.variable = variable
        self.reason = reason
    }

    public var description: String { "\(variable): \(reason)" }
}

extension OTLPSettings {
    /// The settings OpenTelemetry's standard environment variables give (https://opentelemetry.io/docs/specs/otel/
    /// configuration/sdk-environment-variables/ and .../protocol/exporter/), over `base` (from a configuration
    /// file): each variable that is set wins over its field of `base`, field by field; a variable set to the empty
    /// string counts as unset, as the specification asks.
    ///
    /// - `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`: the traces URL, used as is; else `OTEL_EXPORTER_OTLP_ENDPOINT`, a
    ///   base URL, gets `/v1/traces` after exactly one slash. Either must be an `http://` or `https://` URL with a host.
    /// - `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL`, else `OTEL_EXPORTER_OTLP_PROTOCOL`: `http/protobuf` or `http/json`.
    /// - `OTEL_EXPORTER_OTLP_TRACES_HEADERS`, else `OTEL_EXPORTER_OTLP_HEADERS`: `name=value,name2=value2`, each
    ///   part's whitespace trimmed and its value percent-decoded; the variable replaces `base`'s headers whole.
    /// - `OTEL_EXPORTER_OTLP_TRACES_TIMEOUT`, else `OTEL_EXPORTER_OTLP_TIMEOUT`: milliseconds, 1 to 3,600,000.
    /// - `OTEL_SERVICE_NAME`: `service.name`.
    /// - `OTEL_TRACES_SAMPLER` (`always_on`, `always_off`, `traceidratio`, `parentbased_always_on`,
    ///   `parentbased_always_off`, `parentbased_traceidratio`) with `OTEL_TRACES_SAMPLER_ARG`, the ratio from 0 to 1
    ///   (1 when unset), read only by the two ratio samplers.
    /// - `OTEL_BSP_SCHEDULE_DELAY` (milliseconds), `OTEL_BSP_MAX_QUEUE_SIZE`, `OTEL_BSP_MAX_EXPORT_BATCH_SIZE`.
    /// - `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` turn export off (`otlp` is the one other exporter).
    ///
    /// Returns nil when export is off: turned off, or no endpoint in `base` or the environment. Every variable that
    /// is set is checked even then, so a mistake is reported before the endpoint that would have used it is set.
    /// Pure: the caller passes the environment (`ProcessInfo.processInfo.environment`, or a test's dictionary).
    public static func fromEnvironment(_ environment: [String: String], base: OTLPSettings? = nil) throws(OTLPEnvironmentError) -> OTLPSettings? {
        let variables = EnvironmentReader(environment)
        if let disabled = variables["OTEL_SDK_DISABLED"] {
            switch disabled.lowercased() {
            case "true": return nil
            case "false": break
            default: throw OTLPEnvironmentError(variable: "OTEL_SDK_DISABLED", reason: "not true or false")
            }
        }
        var exporting = true
        if let exporter = variables["OTEL_TRACES_EXPORTER"] {
            switch exporter {
            case "none": exporting = false
            case "otlp": break
            default: throw OTLPEnvironmentError(variable: "OTEL_TRACES_EXPORTER", reason: "not otlp or none (the only exporters this build has)")
            }
        }

        var settings = base ?? OTLPSettings(endpoint: "")
        // A signal's own variable wins over the general one; both are checked when both are set.
        if let url = try variables.pair("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_ENDPOINT", {
            (name, value, specific) throws(OTLPEnvironmentError) in
            let url = try EnvironmentReader.httpURL(value, variable: name)
            return specific ? url : tracesURL(base: url)
        }) { settings.endpoint = url }
        if let wire = try variables.pair("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "OTEL_EXPORTER_OTLP_PROTOCOL", {
            (name, value, _) throws(OTLPEnvironmentError) in
            guard let wire = WireProtocol(rawValue: value) else {
                throw OTLPEnvironmentError(variable: name, reason: "not http/protobuf or http/json (grpc is not supported)")
            }
            return wire
        }) { settings.wireProtocol = wire }
        if let headers = try variables.pair("OTEL_EXPORTER_OTLP_TRACES_HEADERS", "OTEL_EXPORTER_OTLP_HEADERS", {
            (name, value, _) throws(OTLPEnvironmentError) in try EnvironmentReader.headers(value, variable: name)
        }) { settings.headers = headers }
        if let milliseconds = try variables.pair("OTEL_EXPORTER_OTLP_TRACES_TIMEOUT", "OTEL_EXPORTER_OTLP_TIMEOUT", {
            (name, value, _) throws(OTLPEnvironmentError) in
            try EnvironmentReader.integer(value, in: 1...3_600_000, variable: name, unit: "milliseconds")
        }) { settings.timeout = .milliseconds(milliseconds) }
        if let name = variables["OTEL_SERVICE_NAME"] { settings.serviceName = name }
        if let (name, value) = variables.first("OTEL_TRACES_SAMPLER") {
            settings.sampler = try sampler(value, argument: variables.first("OTEL_TRACES_SAMPLER_ARG"), variable: name)
        }
        if let (name, value) = variables.first("OTEL_BSP_SCHEDULE_DELAY") {
            settings.scheduledDelay = .milliseconds(try EnvironmentReader.integer(value, in: 1...3_600_000, variable: name, unit: "milliseconds"))
        }
        if let (name, value) = variables.first("OTEL_BSP_MAX_QUEUE_SIZE") {
            settings.maxQueueSize = try EnvironmentReader.integer(value, in: 1...1_048_576, variable: name, unit: "spans")
        }
        if let (name, value) = variables.first("OTEL_BSP_MAX_EXPORT_BATCH_SIZE") {
            settings.maxExportBatchSize = try EnvironmentReader.integer(value, in: 1...1_048_576, variable: name, unit: "spans")
        }
        guard exporting, !settings.endpoint.isEmpty else { return nil }
        return settings
    }

    /// `OTEL_TRACES_SAMPLER`'s value as a `TraceSampler`; the ratio samplers read their argument.
    private static func sampler(_ value: String, argument: (String, String)?, variable: String) throws(OTLPEnvironmentError) -> TraceSampler {
        func ratio() throws(OTLPEnvironmentError) -> Double {
            guard let (name, text) = argument else { return 1 }
            guard let ratio = Double(text), ratio >= 0, ratio <= 1 else {
                throw OTLPEnvironmentError(variable: name, reason: "not a ratio from 0 to 1")
            }
            return ratio
        }
        switch value {
        case "always_on": return .alwaysOn
        case "always_off": return .alwaysOff
        case "traceidratio": return .traceIdRatio(try ratio())
        case "parentbased_always_on": return .parentBased(root: .alwaysOn)
        case "parentbased_always_off": return .parentBased(root: .alwaysOff)
        case "parentbased_traceidratio": return .parentBased(root: .traceIdRatio(try ratio()))
        default:
            throw OTLPEnvironmentError(variable: variable, reason: "not always_on, always_off, traceidratio, parentbased_always_on, "
                                       + "parentbased_always_off or parentbased_traceidratio")
        }
    }
}
