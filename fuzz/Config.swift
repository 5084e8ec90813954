// libFuzzer target: the gateway's configuration reader, GatewayConfig.load. Any bytes must load or be
// refused with at least one issue (never a crash: a bad file is an operator's typo). (A path may be empty:
// an unknown key "" at the root is reported at path "".) A
// configuration that loads must hold what validation promises: at least one feature, each naming a model
// alias and a known builder, with a quota for every trust level and positive limits.
import AssistGateway

private let knownBuilders: Set<String> = ["itinerary_summary", "support_chat", "smart_search"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let config: GatewayConfig
    do {
        config = try GatewayConfig.load(bytes, knownBuilders: knownBuilders)
    } catch {
        guard !error.issues.isEmpty, error.issues.allSatisfy({ !$0.message.isEmpty }) else { fatalError("refused without an issue: \(error)") }
        return 0
    }
    guard !config.features.isEmpty else { fatalError("loaded with no feature") }
    for (id, feature) in config.features {
        guard feature.id == id, config.models[feature.model] != nil, knownBuilders.contains(feature.template.builder),
              feature.quotas.count == TrustLevel.allCases.count, feature.maxOutputTokens > 0 else {
            fatalError("feature \(id) passed validation but breaks it")
        }
    }
    let limits = config.limits
    guard limits.maxBodyBytes > 0, limits.maxEventBytes > 0, limits.maxConcurrentStreamsPerUser > 0, limits.pingSeconds > 0,
          config.auth.tokenLifetimeSeconds <= config.auth.maxTokenLifetimeSeconds else { fatalError("limits passed validation but break it") }
    return 0
}
