import Synchronization

/// A provider whose every request has its messages masked first (`PersonalDataMasker`): the last line of the
/// gateway's rule that no personal number reaches a provider. The input is masked at admission
/// (`MaskPersonalData`); this catches what a prompt builder adds from the user's own data (an imported merchant
/// name, a booking's contact) and anything a feature would forward unmasked by mistake. Every provider the
/// gateway reaches goes through it (`ModelAccess.masking`), the structured features' model calls included.
///
/// System messages are masked too: the guarantee is about the request body, whoever wrote the text. They are
/// the same few texts request after request (instructions, a policy section), so one found clean is remembered
/// (`CleanTexts`) and not scanned again.
struct MaskingProvider: ModelProvider {
    let base: any ModelProvider
    let masker: any PersonalDataMasker
    /// Told how many values one request had masked here, when it had any (counted in the metrics).
    let masked: @Sendable (Int) -> Void
    let clean = CleanTexts()

    func stream(_ request: ProviderRequest) -> ProviderStream {
        var request = request
        var count = 0
        for index in request.messages.indices {
            let isSystem = request.messages[index].role == .system
            if isSystem, clean.contains(request.messages[index].content) { continue }
            let result = masker.masked(request.messages[index].content)
            if isSystem, result.count == 0 { clean.insert(request.messages[index].content) }
            guard result.count > 0 else { continue }
            request.messages[index].content = result.text
            count += result.count
        }
        if count > 0 { masked(count) }
        return base.stream(request)
    }
}

/// System texts found free of personal data, kept whole (not by hash: a collision must never skip a scan), at most
/// `capacity` of them; when full it starts over, which costs scans, never a skipped one.
final class CleanTexts: Sendable {
    static let capacity = 256
    private let texts = Mutex<Set<String>>([])

    func contains(_ text: String) -> Bool { texts.withLock { $0.contains(text) } }

    func insert(_ text: String) {
        texts.withLock { texts in
            if texts.count >= Self.capacity { texts.removeAll(keepingCapacity: true) }
            texts.insert(text)
        }
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
