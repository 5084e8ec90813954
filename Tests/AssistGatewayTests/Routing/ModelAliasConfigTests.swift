import AssistGateway
import AssistWire
import Foundation
import Testing

/// The two forms of a model alias as the configuration writes them, and what `check-config` says of a bad target.
@Suite("Model alias targets")
struct ModelAliasConfigTests {
    static let openAI: JSONValue = ["provider": "openai-compatible", "baseURL": "https://api.example.com/v1", "model": "small",
                                    "apiKeyEnv": "EXAMPLE_API_KEY", "price": ["inputPerMTok": 0.15, "outputPerMTok": 0.6]]
    static let anthropic: JSONValue = ["provider": "anthropic", "baseURL": "https://api.anthropic.com/v1", "model": "claude-haiku-4-5"]

    @Test func targetsAreReadInOrderWithDefaults() throws {
        var json = ConfigFixture.json
        json.set("models.local-small", ["targets": [Self.openAI, Self.anthropic, ["provider": "embedded", "model": "SmolLM2-135M-Instruct"]]])
        let alias = try #require(try ConfigFixture.load(json).models["local-small"])
        #expect(alias.targets.map(\.name) == ["openai-compatible:small", "anthropic:claude-haiku-4-5", "embedded:SmolLM2-135M-Instruct"])
        #expect(alias.targets[0].price == TokenPrice(inputPerMTok: 0.15, outputPerMTok: 0.6))
        #expect(alias.targets[0].apiKeyEnv == "EXAMPLE_API_KEY")
        #expect(alias.fallbackOn == Set(FallbackCause.allCases))
        #expect(alias.breaker == BreakerSettings(failures: 5, openSeconds: 30))
        #expect(alias.firstTokenTimeoutSeconds == 10)
        #expect(alias.model == "small", "the first target stands for the alias where one model is asked for")
    }

    @Test func theSingleTargetFormHasNoFallbackAndNoBreaker() throws {
        let alias = try #require(try ConfigFixture.load().models["local-small"])
        #expect(alias.targets.count == 1)
        #expect(alias.fallbackOn.isEmpty)
        #expect(alias.breaker == nil)
    }

    @Test func fallbackOnAndBreakerAreRead() throws {
        var json = ConfigFixture.json
        json.set("models.local-small", ["targets": [Self.openAI, Self.anthropic], "fallbackOn": ["connect", "429"],
                                        "breaker": ["failures": 0], "firstTokenTimeoutSeconds": 2.5])
        let alias = try #require(try ConfigFixture.load(json).models["local-small"])
        #expect(alias.fallbackOn == [.connect, .rateLimited])
        #expect(alias.breaker == nil, "failures 0 turns the breaker off")
        #expect(alias.firstTokenTimeoutSeconds == 2.5)
    }

    @Test("every bad target is named by its path")
    func badTargetsNameTheirPath() {
        let issues = ConfigFixture.issues {
            $0.set("models.local-small", ["targets": [Self.openAI, ["provider": "cohere", "baseURL": "ftp://x", "model": "m"],
                                                      ["provider": "gemini", "model": "g", "price": ["inputPerMTok": -1], "region": "eu"]],
                                          "fallbackOn": ["5xx", "timeout"], "breaker": ["failures": 3, "openSeconds": 0],
                                          "firstTokenTimeoutSeconds": 0])
        }
        #expect(Set(issues.map(\.path)) == ["models.local-small.targets[1].provider", "models.local-small.targets[1].baseURL",
                                            "models.local-small.targets[2].baseURL", "models.local-small.targets[2].price.inputPerMTok",
                                            "models.local-small.targets[2].region", "models.local-small.fallbackOn",
                                            "models.local-small.breaker.openSeconds", "models.local-small.firstTokenTimeoutSeconds"])
    }

    @Test func theTwoFormsDoNotMix() {
        let mixed = ConfigFixture.issues { $0.set("models.local-small", ["targets": [Self.openAI], "model": "x"]) }
        #expect(mixed.map(\.path) == ["models.local-small.model"])
        let empty = ConfigFixture.issues { $0.set("models.local-small", ["targets": []]) }
        #expect(empty.map(\.path) == ["models.local-small.targets"])
        let single = ConfigFixture.issues { $0.set("models.local-small.breaker", ["failures": 1]) }
        #expect(single.map(\.path) == ["models.local-small.breaker"], "a breaker needs the targets form")
    }

    @Test("a quota may be set in cost; it is bounded, and a feature id holds no control character")
    func costQuotaAndIds() throws {
        var json = ConfigFixture.json
        json.set("features.support_chat.quotas.trusted.costMicrosPerDay", 250_000)
        let config = try ConfigFixture.load(json)
        #expect(config.features["support_chat"]?.quotas[.trusted]?.costMicros == 250_000)
        #expect(config.features["support_chat"]?.quotas[.untrusted]?.costMicros == nil)
        let negative = ConfigFixture.issues { $0.set("features.support_chat.quotas.trusted.costMicrosPerDay", -1) }
        #expect(negative.map(\.path) == ["features.support_chat.quotas.trusted.costMicrosPerDay"])
        #expect(QuotaKey(user: "u", feature: "f", day: UTCDay(containing: Date())).cost.feature == "f\u{1F}cost")
        let control = ConfigFixture.issues { $0.set("features.support\u{1F}chat", ConfigFixture.json["features"]?["support_chat"]) }
        #expect(control.contains { $0.path == "features.support\u{1F}chat" && $0.message.contains("control character") }, "\(control)")
    }

    @Test("the embedded model needs no baseURL, and serve fills it in; --upstream flattens every alias to one target")
    func embeddedAndOverride() throws {
        var json = ConfigFixture.json
        json.set("models.local-small", ["targets": [["provider": "embedded", "model": "SmolLM2-135M-Instruct"], Self.anthropic]])
        let config = try ConfigFixture.load(json)
        #expect(config.usesEmbeddedModel)
        let served = config.servingEmbeddedModel(at: "http://127.0.0.1:5555/v1")
        #expect(served.models["local-small"]?.targets.map(\.baseURL) == ["http://127.0.0.1:5555/v1", "https://api.anthropic.com/v1"])
        let overridden = config.overridingUpstream("http://127.0.0.1:9/v1")
        #expect(overridden.models["local-small"]?.targets == [ModelTarget(provider: "openai-compatible", baseURL: "http://127.0.0.1:9/v1",
                                                                          model: "SmolLM2-135M-Instruct")])
        #expect(try !ConfigFixture.load().usesEmbeddedModel)
    }
}

@Suite("Qualification of an alias with several targets")
struct MultiTargetQualificationTests {
    @Test("the model writes a locale only when every target that may answer is qualified for it")
    func weakestTargetDecides() throws {
        var feature = try #require(try ConfigFixture.load().features["itinerary_summary"])
        (feature.goldenSet, feature.goldenPassThreshold, feature.unchecked) = ("golden/x.jsonl", 0.9, false)
        let passed = QualificationResults.Result(passed: 10, cases: 10, recordedAt: "2026-12-02T00:00:00Z")
        let failed = QualificationResults.Result(passed: 1, cases: 10, recordedAt: "2026-12-02T00:00:00Z")
        var results = QualificationResults()
        results.record(passed, for: .init(feature: feature.id, locale: "tr-TR", promptVersion: feature.promptVersion, model: "good"))
        results.record(failed, for: .init(feature: feature.id, locale: "tr-TR", promptVersion: feature.promptVersion, model: "weak"))
        let qualification = Qualification(results: results, identities: ModelIdentities(catalog: nil, clock: MonotonicClock(ContinuousClock())))
        let settings = QualificationSettings()
        #expect(qualification.decision(for: feature, locale: "tr-TR", models: ["good", "good"], settings: settings).writer == .model)
        let mixed = qualification.decision(for: feature, locale: "tr-TR", models: ["good", "weak"], settings: settings)
        #expect(mixed.writer == .narrator)
        #expect(mixed.reason.hasPrefix("target 2 of 2: "), "\(mixed.reason)")
        #expect(qualification.decision(for: feature, locale: "tr-TR", models: ["weak"], settings: settings).writer == .narrator)
    }

    @Test("eval --target narrows an alias to one target, and names an alias without it")
    func narrowing() throws {
        var json = ConfigFixture.json
        json.set("models.local-small", ["targets": [ModelAliasConfigTests.openAI, ModelAliasConfigTests.anthropic]])
        let config = try ConfigFixture.load(json)
        #expect(try config.narrowed(toTarget: 1, of: ["local-small"]).models["local-small"]?.targets.map(\.name) == ["anthropic:claude-haiku-4-5"])
        let error = #expect(throws: ConfigError.self) { try config.narrowed(toTarget: 2, of: ["local-small"]) }
        #expect(error?.issues.first?.path == "models.local-small.targets")
    }
}
