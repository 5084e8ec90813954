public import AssistGateway
import AssistUnderstanding

/// The gateway's `PersonalDataMasker`: the understanding kit's `PIIMasker` (cards by Luhn, IBANs by
/// checksum, Turkish identity numbers, passports, e-mail addresses, phone numbers), so a provider sees the same
/// placeholders whether the app masked on the device or the gateway did.
public struct PIIMasking: PersonalDataMasker {
    private let masker = PIIMasker()
    public init() {}
    public func masked(_ text: String) -> MaskedText {
        let result = masker.mask(text)
        return MaskedText(text: result.masked, count: result.findings.count, numbers: result.findings.filter { $0.kind != .email }.count)
    }
}
