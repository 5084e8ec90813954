import AssistTelemetry

/// Who sends the spans: OTLP's `Resource` (the process: its service name and instance) and `InstrumentationScope`
/// (the code that made the spans: "assist" and its version), written once at the head of every request.
///
/// Built by the exporter from its settings; the encoders take it as a value so that a test can hold a request's
/// bytes exactly.
struct OTLPResource: Sendable, Equatable {
    /// `service.name`: what a trace viewer groups spans by.
    var serviceName: String
    /// `service.instance.id`: tells replicas apart (several gateways under one service name).
    var serviceInstanceID: String
    /// `service.version` and the scope's version; left out when empty.
    var version: String

    /// The SDK attributes OpenTelemetry's resource semantic conventions ask of every SDK: ours is not
    /// OpenTelemetry's Swift SDK, so it names itself.
    static let sdkName = "assist"
    static let sdkLanguage = "swift"
    /// The instrumentation scope's name: every span comes from the gateway's own code.
    static let scopeName = "assist"

    init(serviceName: String, serviceInstanceID: String, version: String = "") {
        self.serviceName = serviceName
        self.serviceInstanceID = serviceInstanceID
        self.version = version
    }

    /// The resource's attributes, in the order they are written.
    var attributes: [SpanAttribute] {
        var attributes = [SpanAttribute("service.name", .string(serviceName)), SpanAttribute("service.instance.id", .string(serviceInstanceID))]
        if !version.isEmpty { attributes.append(SpanAttribute("service.version", .string(version))) }
        attributes.append(SpanAttribute("telemetry.sdk.name", .string(Self.sdkName)))
        attributes.append(SpanAttribute("telemetry.sdk.language", .string(Self.sdkLanguage)))
        return attributes
    }

    /// A random instance id, 32 lowercase hex digits (128 bits: two replicas never draw the same), for a process
    /// whose settings name none. It changes with every start, as OpenTelemetry's conventions allow.
    static func randomInstanceID() -> String {
        var random = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for _ in 0..<2 {
            let value = random.next() as UInt64
            for shift in stride(from: 60, through: 0, by: -4) { text.append(digits[Int(truncatingIfNeeded: value >> UInt64(shift)) & 0xf]) }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
