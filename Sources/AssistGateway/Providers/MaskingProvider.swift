import Synchronization
#if canImport(Glibc)
import Glibc
#endif

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
///
/// Matched byte for byte (`ExactText`), not as `String`s are, by canonical equivalence: a `String` hashes and
/// compares a text of kilobytes through Unicode normalisation, request after request, which cost more than the
/// rest of the masking; and only the very bytes found clean may skip a scan.
final class CleanTexts: Sendable {
    static let capacity = 256
    private let texts = Mutex<Set<ExactText>>([])

    func contains(_ text: String) -> Bool {
        let key = ExactText(text)
        return texts.withLock { $0.contains(key) }
    }

    func insert(_ text: String) {
        let key = ExactText(text)
        texts.withLock { texts in
            if texts.count >= Self.capacity { texts.removeAll(keepingCapacity: true) }
            texts.insert(key)
        }
    }
}

/// A text hashed and compared by its UTF-8 bytes.
struct ExactText: Hashable, Sendable {
    let text: String

    init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()  // once, so hashing and comparing read the bytes in place
        self.text = text
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        var (left, right) = (lhs.text, rhs.text)
        return left.withUTF8 { a in right.withUTF8 { b in a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) } }
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
