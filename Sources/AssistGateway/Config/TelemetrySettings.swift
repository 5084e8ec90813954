import AssistHTTP
import AssistWire

/// Where the gateway's traces go and how they are shown (`telemetry` in the configuration):
///
///     "telemetry": {"otlp": {"endpoint": "http://collector:4318/v1/traces", "protocol": "http/protobuf",
///                            "headers": {"x-tenant": "ops"}},
///                   "serviceName": "assist", "sampleRatio": 0.25,
///                   "traceURL": "https://tracing.example/trace/{traceId}"}
///
/// The standard `OTEL_*` environment variables hold the same settings and win over the file, field by field
/// (`assist serve` applies them). Export is off when neither names an endpoint. `traceURL` links each audit row
/// in the console to its trace.
public struct TelemetrySettings: Sendable, Equatable {
    /// The OTLP/HTTP traces URL, used as written (the file names the full path, as
    /// `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` does); nil: export off unless the environment names one.
    public var endpoint: String?
    /// `http/protobuf` (the default) or `http/json`.
    public var traceProtocol: String?
    /// Fields sent with every export (a collector's tenant or token). A secret belongs in the environment
    /// (`OTEL_EXPORTER_OTLP_HEADERS`), which wins.
    public var headers: [String: String] = [:]
    public var serviceName: String?
    /// The share of new traces recorded (parent-based: a caller's verdict is kept); nil: all.
    public var sampleRatio: Double?
    /// A link to a trace in the operators' tracing backend, `{traceId}` replaced by the row's trace id.
    public var traceURL: String?

    public static let protocols = ["http/protobuf", "http/json"]

    public init() {}

    static func decode(_ value: JSONValue?, at path: String, reader: inout ConfigReader) -> TelemetrySettings {
        var settings = TelemetrySettings()
        guard value != nil,
              let members = reader.object(value, at: path, allowed: ["otlp", "serviceName", "sampleRatio", "traceURL"]) else { return settings }
        if let otlp = members["otlp"], let fields = reader.object(otlp, at: "\(path).otlp", allowed: ["endpoint", "protocol", "headers"]) {
            if let endpoint = reader.string(fields, "endpoint", at: "\(path).otlp", required: false) {
                if endpoint.hasPrefix("http://") || endpoint.hasPrefix("https://") { settings.endpoint = endpoint }
                else { reader.issue("\(path).otlp.endpoint", "must be an http:// or https:// URL") }
            }
            if let name = reader.string(fields, "protocol", at: "\(path).otlp", required: false) {
                if protocols.contains(name) { settings.traceProtocol = name }
                else { reader.issue("\(path).otlp.protocol", "must be one of \(protocols.joined(separator: ", "))") }
            }
            if let headers = fields["headers"], let entries = reader.object(headers, at: "\(path).otlp.headers") {
                for (name, value) in entries.sorted(by: { $0.key < $1.key }) {
                    guard let text = value.stringValue, Self.isFieldValue(text), HTTPFieldName.isToken(name) else {
                        reader.issue("\(path).otlp.headers.\(name)", "must be a header name with a string value (no line breaks)")
                        continue
                    }
                    settings.headers[name] = text
                }
            }
        }
        if let name = reader.string(members, "serviceName", at: path, required: false) {
            if name.isEmpty { reader.issue("\(path).serviceName", "must not be empty") } else { settings.serviceName = name }
        }
        if members["sampleRatio"] != nil {
            let ratio = reader.number(members, "sampleRatio", at: path, default: 1)
            if (0...1).contains(ratio) { settings.sampleRatio = ratio } else { reader.issue("\(path).sampleRatio", "must be from 0 to 1") }
        }
        if let url = reader.string(members, "traceURL", at: path, required: false) {
            if url.contains("{traceId}") && (url.hasPrefix("http://") || url.hasPrefix("https://")) { settings.traceURL = url }
            else { reader.issue("\(path).traceURL", "must be an http(s) URL containing {traceId}") }
        }
        return settings
    }

    /// A field value without control characters (no line break can smuggle a second field).
    static func isFieldValue(_ value: String) -> Bool { value.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F } }
}
