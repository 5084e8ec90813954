public import AssistGateway
import AssistUnderstanding

/// The gateway's `PersonalDataMasker`: the understanding kit's `PIIMasker` (cards by Luhn, IBANs by
/// checksum, Turkish identity numbers, passports, e-mail addresses, phone numbers).
public struct PIIMasking: PersonalDataMasker {
    private let masker = PIIMasker()
    public init() {}
    public func mask(_ text: String) -> String { masker.mask(text).masked }
}
