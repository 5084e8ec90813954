@testable import AssistOTLP
import AssistTelemetry
import Testing

/// OpenTelemetry's standard variables over a configuration's settings: each variable, which one wins, and the
/// errors for values the gateway cannot use (a stable message naming the variable, never the value).
@Suite struct OTLPEnvironmentTests {
    static func settings(_ environment: [String: String], base: OTLPSettings? = nil) throws -> OTLPSettings? {
        try OTLPSettings.fromEnvironment(environment, base: base)
    }

    static func error(_ environment: [String: String], base: OTLPSettings? = nil) -> OTLPEnvironmentError? {
        do {
            _ = try OTLPSettings.fromEnvironment(environment, base: base)
            return nil
        } catch { return error }
    }

    @Test("nothing set, or no endpoint anywhere: export is off")
    func nothingSet() throws {
        #expect(try Self.settings([:]) == nil)
        #expect(try Self.settings(["OTEL_SERVICE_NAME": "gw", "OTEL_EXPORTER_OTLP_PROTOCOL": "http/json", "PATH": "/bin"]) == nil)
        #expect(try Self.settings(["OTEL_EXPORTER_OTLP_ENDPOINT": "  "]) == nil)  // empty counts as unset
    }

    @Test("the base endpoint gets /v1/traces after exactly one slash; the traces endpoint is used as is and wins")
    func endpoints() throws {
        for base in ["http://collector:4318", "http://collector:4318/", "http://collector:4318//"] {
            #expect(try Self.settings(["OTEL_EXPORTER_OTLP_ENDPOINT": base])?.endpoint == "http://collector:4318/v1/traces")
        }
        #expect(try Self.settings(["OTEL_EXPORTER_OTLP_ENDPOINT": "https://otlp.example.com/prefix/"])?.endpoint
                == "https://otlp.example.com/prefix/v1/traces")
        #expect(try Self.settings(["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://c:4318/custom"])?.endpoint == "http://c:4318/custom")
        #expect(try Self.settings(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://base:4318", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://traces:9/x"])?.endpoint
                == "http://traces:9/x")
    }

    @Test("defaults with an endpoint alone: http/protobuf, service assist, 10 s, 2,048 and 512, 1 s, parent-based always on")
    func defaults() throws {
        let settings = try #require(try Self.settings(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318"]))
        #expect(settings == OTLPSettings(endpoint: "http://c:4318/v1/traces"))
        #expect(settings.wireProtocol == .httpProtobuf && settings.serviceName == "assist" && settings.timeout == .seconds(10))
        #expect(settings.maxQueueSize == 2048 && settings.maxExportBatchSize == 512 && settings.scheduledDelay == .seconds(1))
        #expect(settings.sampler == .parentBased(root: .alwaysOn) && settings.headers.isEmpty)
    }

    @Test("protocol, headers and timeout: the traces variable wins over the general one")
    func tracesSpecificWins() throws {
        let environment = ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318",
                           "OTEL_EXPORTER_OTLP_PROTOCOL": "http/protobuf", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL": "http/json",
                           "OTEL_EXPORTER_OTLP_HEADERS": "a=1", "OTEL_EXPORTER_OTLP_TRACES_HEADERS": "b=2",
                           "OTEL_EXPORTER_OTLP_TIMEOUT": "500", "OTEL_EXPORTER_OTLP_TRACES_TIMEOUT": "250"]
        let settings = try #require(try Self.settings(environment))
        #expect(settings.wireProtocol == .httpJSON)
        #expect(settings.headers == ["b": "2"])
        #expect(settings.timeout == .milliseconds(250))
        let general = try #require(try Self.settings(environment.filter { !$0.key.contains("TRACES") }))
        #expect(general.wireProtocol == .httpProtobuf && general.headers == ["a": "1"] && general.timeout == .milliseconds(500))
    }

    @Test("headers: parts trimmed, values percent-decoded, empty parts skipped, a repeated name keeps its last value")
    func headers() throws {
        let value = " api-key = secret%20value%2C1 ,, X-Tenant=caf%C3%A9=1,authorization=Bearer%20t ,a=1,a=2,"
        let settings = try #require(try Self.settings(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_EXPORTER_OTLP_HEADERS": value]))
        #expect(settings.headers == ["api-key": "secret value,1", "X-Tenant": "café=1", "authorization": "Bearer t", "a": "2"])
    }

    @Test("the environment wins over the base settings field by field; what it does not set stays the base's")
    func environmentOverBase() throws {
        let base = OTLPSettings(endpoint: "http://file:4318/v1/traces", wireProtocol: .httpJSON, headers: ["from": "file"], serviceName: "file-name",
                                serviceVersion: "1.0", sampler: .alwaysOff, timeout: .seconds(3), maxQueueSize: 100, maxExportBatchSize: 10)
        #expect(try Self.settings([:], base: base) == base)
        let settings = try #require(try Self.settings(["OTEL_SERVICE_NAME": "env-name", "OTEL_EXPORTER_OTLP_TIMEOUT": "1500"], base: base))
        var expected = base
        expected.serviceName = "env-name"
        expected.timeout = .milliseconds(1500)
        #expect(settings == expected)
        let moved = try #require(try Self.settings(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://env:4318", "OTEL_EXPORTER_OTLP_HEADERS": "k=v",
                                                    "OTEL_EXPORTER_OTLP_PROTOCOL": "http/protobuf", "OTEL_BSP_MAX_QUEUE_SIZE": "4096",
                                                    "OTEL_BSP_MAX_EXPORT_BATCH_SIZE": "256", "OTEL_BSP_SCHEDULE_DELAY": "200"], base: base))
        #expect(moved.endpoint == "http://env:4318/v1/traces" && moved.headers == ["k": "v"] && moved.wireProtocol == .httpProtobuf)
        #expect(moved.maxQueueSize == 4096 && moved.maxExportBatchSize == 256 && moved.scheduledDelay == .milliseconds(200))
        #expect(moved.serviceName == "file-name" && moved.serviceVersion == "1.0" && moved.sampler == .alwaysOff)
    }

    @Test("samplers by name, the ratio from OTEL_TRACES_SAMPLER_ARG (1 when unset, ignored by the others)",
          arguments: [
            ("always_on", nil, TraceSampler.alwaysOn), ("always_off", "0.5", .alwaysOff), ("traceidratio", "0.25", .traceIdRatio(0.25)),
            ("traceidratio", nil, .traceIdRatio(1)), ("parentbased_always_on", nil, .parentBased(root: .alwaysOn)),
            ("parentbased_always_off", "junk", .parentBased(root: .alwaysOff)),
            ("parentbased_traceidratio", "0", .parentBased(root: .traceIdRatio(0))),
          ] as [(String, String?, TraceSampler)])
    func samplers(name: String, argument: String?, expected: TraceSampler) throws {
        var environment = ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_TRACES_SAMPLER": name]
        environment["OTEL_TRACES_SAMPLER_ARG"] = argument
        #expect(try Self.settings(environment)?.sampler == expected)
    }

    @Test("export turned off: OTEL_SDK_DISABLED=true, OTEL_TRACES_EXPORTER=none")
    func turnedOff() throws {
        #expect(try Self.settings(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_SDK_DISABLED": "TRUE"]) == nil)
        #expect(try Self.settings(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_TRACES_EXPORTER": "none"]) == nil)
        #expect(try Self.settings(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_SDK_DISABLED": "false", "OTEL_TRACES_EXPORTER": "otlp"]) != nil)
        #expect(try Self.settings([:], base: OTLPSettings(endpoint: "http://c/v1/traces")).map { _ in true } == true)
        #expect(try Self.settings(["OTEL_TRACES_EXPORTER": "none"], base: OTLPSettings(endpoint: "http://c/v1/traces")) == nil)
    }

    @Test("a bad value is an error naming the variable, with a stable reason and never the value",
          arguments: [
            ("OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4318", "not an http:// or https:// URL with a host"),
            ("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http:///v1/traces", "not an http:// or https:// URL with a host"),
            ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c 1:4318", "not an http:// or https:// URL with a host"),
            ("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc", "not http/protobuf or http/json (grpc is not supported)"),
            ("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "HTTP/JSON", "not http/protobuf or http/json (grpc is not supported)"),
            ("OTEL_EXPORTER_OTLP_HEADERS", "a=1,secret", "entry 2 is not name=value"),
            ("OTEL_EXPORTER_OTLP_HEADERS", "bad name=secret", "entry 1 has a name that is not an HTTP token"),
            ("OTEL_EXPORTER_OTLP_HEADERS", "=secret", "entry 1 has a name that is not an HTTP token"),
            ("OTEL_EXPORTER_OTLP_TRACES_HEADERS", "k=secret%zz", "entry 1 has a value that is not valid percent-encoded UTF-8"),
            ("OTEL_EXPORTER_OTLP_TRACES_HEADERS", "k=secret%ff", "entry 1 has a value that is not valid percent-encoded UTF-8"),
            ("OTEL_EXPORTER_OTLP_HEADERS", "k=secret%0d%0aX-Forged: 1", "entry 1 has a control character in its value"),
            ("OTEL_EXPORTER_OTLP_TIMEOUT", "10s", "not a whole number of milliseconds from 1 to 3600000"),
            ("OTEL_EXPORTER_OTLP_TRACES_TIMEOUT", "0", "not a whole number of milliseconds from 1 to 3600000"),
            ("OTEL_EXPORTER_OTLP_TIMEOUT", "99999999999999999999999", "not a whole number of milliseconds from 1 to 3600000"),
            ("OTEL_TRACES_SAMPLER", "sometimes", "not always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off "
                + "or parentbased_traceidratio"),
            ("OTEL_BSP_MAX_QUEUE_SIZE", "-1", "not a whole number of spans from 1 to 1048576"),
            ("OTEL_BSP_SCHEDULE_DELAY", "1.5", "not a whole number of milliseconds from 1 to 3600000"),
            ("OTEL_SDK_DISABLED", "yes", "not true or false"),
            ("OTEL_TRACES_EXPORTER", "zipkin", "not otlp or none (the only exporters this build has)"),
          ])
    func badValues(variable: String, value: String, reason: String) {
        var environment = ["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://c:4318/v1/traces"]
        environment[variable] = value
        let error = Self.error(environment)
        #expect(error == OTLPEnvironmentError(variable: variable, reason: reason))
        #expect(error?.description == "\(variable): \(reason)")
        #expect(error?.description.contains("secret") == false)
    }

    @Test("the sampler's ratio must be from 0 to 1")
    func badRatio() {
        for argument in ["1.5", "-0.1", "half", "nan"] {
            let error = Self.error(["OTEL_TRACES_SAMPLER": "traceidratio", "OTEL_TRACES_SAMPLER_ARG": argument])
            #expect(error == OTLPEnvironmentError(variable: "OTEL_TRACES_SAMPLER_ARG", reason: "not a ratio from 0 to 1"), "\(argument)")
        }
    }

    @Test("settings out of range are held within the exporter's: a batch no larger than the queue, no zero times")
    func bounded() {
        let wild = OTLPSettings(endpoint: "http://c/v1/traces", timeout: .zero, maxQueueSize: 0, maxExportBatchSize: -5,
                                scheduledDelay: .seconds(-1), shutdownTimeout: .seconds(-3)).bounded
        #expect(wild.maxQueueSize == 1 && wild.maxExportBatchSize == 1)
        #expect(wild.timeout == .milliseconds(1) && wild.scheduledDelay == .milliseconds(1) && wild.shutdownTimeout == .zero)
        let large = OTLPSettings(endpoint: "http://c/v1/traces", timeout: .seconds(Int64.max), maxQueueSize: .max, maxExportBatchSize: .max).bounded
        #expect(large.maxQueueSize == 1 << 20 && large.maxExportBatchSize == 1 << 20 && large.timeout == .seconds(3600))
    }
}
