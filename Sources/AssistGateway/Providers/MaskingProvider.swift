/// A provider whose every request has its messages masked first (`PersonalDataMasker`): the last line of the
/// gateway's rule that no personal number reaches a provider. The input is masked at admission
/// (`MaskPersonalData`); this catches what a prompt builder adds from the user's own data (an imported merchant
/// name, a booking's contact) and anything a feature would forward unmasked by mistake. Every provider the
/// gateway reaches goes through it (`ModelAccess.masking`), the structured features' model calls included.
///
/// System messages are masked too: the guarantee is about the request body, whoever wrote the text.
struct MaskingProvider: ModelProvider {
    let base: any ModelProvider
    let masker: any PersonalDataMasker
    /// Told how many values one request had masked here, when it had any (counted in the metrics).
    let masked: @Sendable (Int) -> Void

    func stream(_ request: ProviderRequest) -> ProviderStream {
        var request = request
        var count = 0
        for index in request.messages.indices {
            let result = masker.masked(request.messages[index].content)
            guard result.count > 0 else { continue }
            request.messages[index].content = result.text
            count += result.count
        }
        if count > 0 { masked(count) }
        return base.stream(request)
    }
}

extension ModelAccess {
    /// The same access, each provider behind `MaskingProvider`.
    func masking(with masker: any PersonalDataMasker, masked: @escaping @Sendable (Int) -> Void) -> ModelAccess {
        var access = self
        access.providers = providers.mapValues { MaskingProvider(base: $0, masker: masker, masked: masked) }
        return access
    }
}
