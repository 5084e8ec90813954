import AssistGateway
import AssistWire
import Testing

@Suite("GatewayConfig")
struct ConfigTests {
    @Test func builtInShapedConfigLoads() throws {
        let config = try ConfigFixture.load()
        #expect(Set(config.features.keys) == ["itinerary_summary", "support_chat"])
        #expect(config.models == ["local-small": ModelAlias(provider: "openai-compatible", baseURL: "http://127.0.0.1:8081/v1",
                                                             model: "SmolLM2-135M-Instruct", apiKeyEnv: "ASSIST_LOCAL_MODEL_API_KEY")])
        #expect(config.limits.maxBodyBytes == 16384)
        #expect(config.limits.maxConcurrentStreamsPerUser == 3)
        #expect(config.auth.issuer == "assist-dev")
        #expect(config.auth.leewaySeconds == 30)

        let summary = try #require(config.features["itinerary_summary"])
        #expect(summary.promptVersion == "2026-09-18.2")
        #expect(summary.model == "local-small")
        #expect(summary.maxOutputTokens == 400)
        #expect(summary.temperature == 0.2)
        #expect(summary.rollout == FeatureRecord.Rollout(flag: "itinerary_summary_v2", percentage: 100))
        #expect(summary.goldenSet == "golden/itinerary_summary.jsonl")
        #expect(summary.checks == ["times_match_booking", "no_invented_segments", "language_matches_locale"])
        #expect(summary.template.builder == "itinerary_summary")
        #expect(summary.quotas[.untrusted] == QuotaLimits(requests: 5, tokens: 4000))
        #expect(summary.quotas.count == TrustLevel.allCases.count)

        let chat = try #require(config.features["support_chat"])
        #expect(chat.rollout == nil)
        #expect(chat.goldenSet == nil)
        #expect(chat.quotas[.trusted] == QuotaLimits(requests: 300, tokens: 300000))
    }

    @Test func missingLimitsAndAuthUseDefaults() throws {
        var json = ConfigFixture.json
        json.set("limits", nil)
        json.set("auth", nil)
        let config = try ConfigFixture.load(json)
        #expect(config.limits == Limits())
        #expect(config.auth == AuthSettings())
    }

    @Test func zeroMaxOutputTokensIsReportedWithItsPath() {
        let issues = ConfigFixture.issues { $0.set("features.itinerary_summary.maxOutputTokens", 0) }
        #expect(issues.map(\.description) == ["features.itinerary_summary.maxOutputTokens: must be > 0"])
        #expect(issues.first?.path == "features.itinerary_summary.maxOutputTokens")
    }

    @Test func unknownKeysAreReportedWithTheirPath() {
        #expect(ConfigFixture.issues { $0.set("features.support_chat.prompt", "Say anything") }.map(\.description)
            == ["features.support_chat.prompt: unknown key"])
        #expect(ConfigFixture.issues { $0.set("limits.maxBodyByte", 10) }.map(\.description)
            == ["limits.maxBodyByte: unknown key"])
        #expect(ConfigFixture.issues { $0.set("models.local-small.apiKey", "sk-123") }.map(\.description)
            == ["models.local-small.apiKey: unknown key"])
        #expect(ConfigFixture.issues { $0.set("features.itinerary_summary.quotas.untrusted.burst", 3) }.map(\.description)
            == ["features.itinerary_summary.quotas.untrusted.burst: unknown key"])
    }

    @Test("a feature's options are app switches, each true or false; pages turn each page on or off")
    func optionsAndPages() throws {
        #expect(ConfigFixture.issues { $0.set("features.support_chat.options", ["askAnything": "yes"]) }.map(\.description).count == 1)
        #expect(ConfigFixture.issues { $0.set("features.support_chat.options", true) }.map(\.description)
            == ["features.support_chat.options: must be an object"])
        #expect(ConfigFixture.issues { $0.set("pages", ["demo": false, "admin": true]) }.map(\.description) == ["pages.admin: unknown key"])
    }

    @Test("telemetry: the collector, its encoding and fields, the service name, a ratio and a trace link, each checked with its path")
    func telemetry() throws {
        var json = ConfigFixture.json
        json.set("telemetry", ["otlp": ["endpoint": "http://127.0.0.1:4318/v1/traces", "protocol": "http/json", "headers": ["x-tenant": "ops"]],
                               "serviceName": "assist-eu", "sampleRatio": 0.25, "traceURL": "https://tracing.example/trace/{traceId}"])
        let telemetry = try ConfigFixture.load(json).telemetry
        #expect(telemetry.endpoint == "http://127.0.0.1:4318/v1/traces" && telemetry.traceProtocol == "http/json")
        #expect(telemetry.headers == ["x-tenant": "ops"] && telemetry.serviceName == "assist-eu" && telemetry.sampleRatio == 0.25)
        #expect(try ConfigFixture.load().telemetry == TelemetrySettings())
        let issues = ConfigFixture.issues {
            $0.set("telemetry", ["otlp": ["endpoint": "collector:4318", "protocol": "grpc", "headers": ["x-bad": "a\r\nX-Injected: 1", "": "v"]],
                                 "serviceName": "", "sampleRatio": 1.5, "traceURL": "https://tracing.example/trace/", "logs": true])
        }.map(\.description)
        #expect(Set(issues) == [
            "telemetry.logs: unknown key", "telemetry.otlp.endpoint: must be an http:// or https:// URL",
            "telemetry.otlp.protocol: must be one of http/protobuf, http/json",
            "telemetry.otlp.headers.x-bad: must be a header name with a string value (no line breaks)",
            "telemetry.otlp.headers.: must be a header name with a string value (no line breaks)",
            "telemetry.serviceName: must not be empty", "telemetry.sampleRatio: must be from 0 to 1",
            "telemetry.traceURL: must be an http(s) URL containing {traceId}",
        ], "\(issues)")
    }

    @Test func unknownTopLevelKeyIsReported() {
        let issues = ConfigFixture.issues { $0.set("extra", true) }
        #expect(issues.count == 1)
        #expect(issues.first?.path == "extra")
        #expect(issues.first?.message == "unknown key")
    }

    @Test func featureModelMustNameAnAlias() throws {
        let issues = ConfigFixture.issues { $0.set("features.support_chat.model", "gpt-huge") }
        let issue = try #require(issues.count == 1 ? issues.first : nil)
        #expect(issue.path == "features.support_chat.model")
        #expect(issue.message.hasPrefix("names no model alias"))
        #expect(issue.message.contains("local-small"))
    }

    @Test func templateBuilderMustBeCompiledIn() throws {
        let issues = ConfigFixture.issues { $0.set("features.itinerary_summary.template.builder", "freeform") }
        let issue = try #require(issues.count == 1 ? issues.first : nil)
        #expect(issue.path == "features.itinerary_summary.template.builder")
        #expect(issue.message.contains(#"unknown prompt builder "freeform""#))
    }

    @Test func rolloutPercentageAbove100IsRejected() {
        #expect(ConfigFixture.issues { $0.set("features.itinerary_summary.rollout.percentage", 150) }.map(\.description)
            == ["features.itinerary_summary.rollout.percentage: must be between 0 and 100"])
    }

    @Test func typeAndRangeErrorsNameTheirField() {
        #expect(ConfigFixture.issues { $0.set("features.support_chat.maxOutputTokens", "300") }.map(\.description)
            == ["features.support_chat.maxOutputTokens: must be an integer"])
        #expect(ConfigFixture.issues { $0.set("features.support_chat.temperature", 2.5) }.map(\.description)
            == ["features.support_chat.temperature: must be between 0 and 2"])
        #expect(ConfigFixture.issues { $0.set("features.support_chat.promptVersion", nil) }.map(\.description)
            == ["features.support_chat.promptVersion: is required"])
        #expect(ConfigFixture.issues { $0.set("features.support_chat.quotas.degraded", nil) }.map(\.description)
            == ["features.support_chat.quotas.degraded: is required"])
        #expect(ConfigFixture.issues { $0.set("features.support_chat.feature", "other") }.map(\.description)
            == [#"features.support_chat.feature: must equal the key "support_chat""#])
        #expect(ConfigFixture.issues { $0.set("auth.leewaySeconds", -1) }.map(\.description)
            == ["auth.leewaySeconds: must be >= 0"])
        #expect(ConfigFixture.issues { $0.set("models.local-small.provider", "cohere") }.map(\.path)
            == ["models.local-small.provider"])
    }

    @Test func integritySectionIsStrictAndNamesPaths() throws {
        #expect(ConfigFixture.issues { $0.set("integrity", ["appAttest": ["appId": "TEAM.app", "environment": "beta"]]) }.map(\.description)
            == ["integrity.appAttest.environment: must be development or production"])
        #expect(ConfigFixture.issues { $0.set("integrity", ["appAttest": ["appId": "nodot"]]) }.map(\.path) == ["integrity.appAttest.appId"])
        #expect(ConfigFixture.issues { $0.set("integrity", ["appAttest": ["appId": "T.a", "rootCA": "x"]]) }.map(\.path)
            == ["integrity.appAttest.rootCA"])
        #expect(ConfigFixture.issues { $0.set("integrity", ["playIntegrity": ["maxAgeSeconds": 0]]) }.map(\.path).sorted()
            == ["integrity.playIntegrity.maxAgeSeconds", "integrity.playIntegrity.packageName"])
        #expect(ConfigFixture.issues { $0.set("integrity", ["challengeTTLSeconds": 0]) }.map(\.path) == ["integrity.challengeTTLSeconds"])
        #expect(ConfigFixture.issues { $0.set("features.support_chat.freshChallenge", "yes") }.map(\.path) == ["features.support_chat.freshChallenge"])
        #expect(ConfigFixture.issues { $0.set("features.support_chat.coalesceDeltas", "yes") }.map(\.path) == ["features.support_chat.coalesceDeltas"])
        var configured = ConfigFixture.json
        configured.set("integrity", ["appAttest": ["appId": "TEAM123456.com.example.assist"], "playIntegrity": ["packageName": "com.example"]])
        let loaded = try ConfigFixture.load(configured)
        #expect(loaded.integrity.appAttest?.environment == "production")
        #expect(loaded.integrity.playIntegrity?.decryptionKeyEnv == "ASSIST_PLAY_INTEGRITY_DECRYPTION_KEY")
        #expect(loaded.integrity.challengeTTLSeconds == 300)
    }

    @Test func turningHS256OffNeedsAJWKS() throws {
        #expect(ConfigFixture.issues { $0.set("auth.acceptHS256", false) }.map(\.description)
            == ["auth.acceptHS256: false needs a jwksFile, or no token is ever accepted"])
        var withKeys = ConfigFixture.json
        withKeys.set("auth.acceptHS256", false)
        withKeys.set("auth.jwksFile", "/etc/idp/jwks.json")
        #expect(try ConfigFixture.load(withKeys).auth.jwksFile == "/etc/idp/jwks.json")
        #expect(ConfigFixture.issues { $0.set("auth.jwksFile", 3) }.map(\.path) == ["auth.jwksFile"])
    }

    @Test func inputSchemaErrorsArePrefixedWithTheFeaturePath() {
        let issues = ConfigFixture.issues {
            $0.set("features.itinerary_summary.inputSchema.properties.bookingId.pattern", "^[A-Z0-9]+$")
        }
        #expect(issues.map(\.description)
            == ["features.itinerary_summary.inputSchema.properties.bookingId.pattern: unsupported schema keyword for type string"])
    }

    @Test func severalErrorsAreAllReported() {
        let issues = ConfigFixture.issues {
            $0.set("features.itinerary_summary.maxOutputTokens", 0)
            $0.set("features.support_chat.temperature", 3)
            $0.set("features.support_chat.quotas.untrusted.requestsPerDay", -1)
            $0.set("models.local-small.baseURL", "ftp://example.com")
            $0.set("limits.pingSeconds", 0)
            $0.set("auth.audiences", ["x"])
        }
        #expect(Set(issues.map(\.path)) == [
            "features.itinerary_summary.maxOutputTokens", "features.support_chat.temperature",
            "features.support_chat.quotas.untrusted.requestsPerDay", "models.local-small.baseURL", "limits.pingSeconds",
            "auth.audiences",
        ])
        #expect(issues.count == 6)
    }

    @Test func errorDescriptionListsEveryIssueOnItsOwnLine() {
        let error = ConfigError(issues: [ConfigIssue(path: "a.b", message: "x"), ConfigIssue(path: "c", message: "y")])
        #expect(error.description == "a.b: x\nc: y")
    }

    @Test(arguments: ["{", "", "[]x", #"{"features":{},"features":{}}"#])
    func invalidJSONIsOneRootIssue(text: String) throws {
        let error = #expect(throws: ConfigError.self) {
            try GatewayConfig.load(Array(text.utf8), knownBuilders: ConfigFixture.knownBuilders)
        }
        let issues = try #require(error?.issues)
        #expect(issues.count == 1)
        #expect(issues.first?.path == "$")
        #expect(issues.first?.message.hasPrefix("not valid JSON") == true)
    }

    @Test func emptyFeaturesAreRejected() {
        #expect(ConfigFixture.issues { $0.set("features", .object([:])) }.map(\.description)
            == ["features: must define at least one feature"])
    }

    @Test func rootMustBeAnObject() {
        let error = #expect(throws: ConfigError.self) {
            try GatewayConfig.load(Array("[]".utf8), knownBuilders: ConfigFixture.knownBuilders)
        }
        #expect(error?.issues.map(\.description) == ["$: must be an object"])
    }

    @Test func overridingUpstreamChangesEveryAlias() throws {
        var json = ConfigFixture.json
        json.set("models.remote", ["provider": "openai-compatible", "baseURL": "https://api.example.com/v1", "model": "big"])
        let config = try ConfigFixture.load(json)
        let overridden = config.overridingUpstream("http://127.0.0.1:9999/v1")
        #expect(overridden.models.count == 2)
        for (alias, model) in overridden.models {
            #expect(model.baseURL == "http://127.0.0.1:9999/v1", "\(alias)")
            #expect(model.model == config.models[alias]?.model)
            #expect(model.provider == config.models[alias]?.provider)
        }
        #expect(config.models["remote"]?.baseURL == "https://api.example.com/v1")
        #expect(Set(overridden.features.keys) == Set(config.features.keys))
    }
}
