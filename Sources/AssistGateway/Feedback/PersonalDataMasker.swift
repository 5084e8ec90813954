public import AssistWire

/// Replaces personal data in text a user wrote (card and account numbers, identity numbers, passport and phone
/// numbers, e-mail addresses) with the placeholders the client kit's masker writes. The gateway applies it to
/// every feature's input before anything reads it (`MaskPersonalData`), to every message before it reaches a
/// provider (`MaskingProvider`), and to feedback before it is kept; there is no option to turn it off. The
/// assembly wires the one masker the project has (`PIIMasking`, over the understanding kit's `PIIMasker`).
public protocol PersonalDataMasker: Sendable {
    /// `text` masked, and how many values were replaced.
    func masked(_ text: String) -> MaskedText
}

/// A text with its personal data replaced, and how many values that was (never which).
public struct MaskedText: Sendable, Equatable {
    public var text: String
    public var count: Int
    /// Of those, the numbers (card, IBAN, identity, passport, phone): all but e-mail addresses.
    public var numbers: Int

    public init(text: String, count: Int, numbers: Int) {
        self.text = text
        self.count = count
        self.numbers = numbers
    }
}

extension PersonalDataMasker {
    /// `text` masked.
    public func mask(_ text: String) -> String { masked(text).text }

    /// Every string in `value` masked, numbers, booleans and the shape kept; and how many values were replaced
    /// (`text` unused).
    public func masked(_ value: JSONValue) -> (value: JSONValue, tally: MaskedText) {
        var tally = MaskedText(text: "", count: 0, numbers: 0)
        func walk(_ value: JSONValue) -> JSONValue {
            switch value {
            case .string(let text):
                let result = masked(text)
                tally.count += result.count
                tally.numbers += result.numbers
                return .string(result.text)
            case .array(let items): return .array(items.map(walk))
            case .object(let members): return .object(members.mapValues(walk))
            default: return value
            }
        }
        return (walk(value), tally)
    }

    /// Every string in `value` masked.
    public func mask(_ value: JSONValue) -> JSONValue { masked(value).value }
}
