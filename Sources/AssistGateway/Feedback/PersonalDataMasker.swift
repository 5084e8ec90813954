public import AssistWire

/// Replaces personal data in text a user wrote (card and account numbers, identity numbers, e-mail
/// addresses, phone numbers) before the gateway keeps it: a user's verdict on an answer keeps what they
/// asked, never their card number. The gateway keeps no such text unmasked; the assembly wires the one
/// masker the project has (`PIIMasking`, over the understanding kit's `PIIMasker`).
public protocol PersonalDataMasker: Sendable {
    func mask(_ text: String) -> String
}

extension PersonalDataMasker {
    /// Every string in `value`, masked; numbers, booleans and the shape are kept.
    public func mask(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(mask(text))
        case .array(let items): .array(items.map { mask($0) })
        case .object(let members): .object(members.mapValues { mask($0) })
        default: value
        }
    }
}
