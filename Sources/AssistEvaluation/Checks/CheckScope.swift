/// How much of an answer a check needs to judge it, so that a streamed answer can be judged as it comes
/// (the gateway's answer guard) as well as whole (`assist eval`).
public enum CheckScope: Sendable, Equatable {
    /// Holds of every sentence on its own: a wrong time is wrong wherever it stands.
    case sentence
    /// Needs enough text: judged on a sentence of at least this many words alone, and on the answer so far
    /// when it first reaches that many (a language cannot be told from "OK.").
    case words(Int)
    /// Judged on the answer so far at each sentence (a repeat is only seen across sentences).
    case answerSoFar
    /// Judged once, on the answer so far when it first reaches this many words, or on a shorter whole answer
    /// at its end (what an answer is about shows in its opening).
    case opening(Int)
    /// Only the whole answer can be judged (a structured answer's object).
    case answer
}

extension PropertyCheck {
    public var scope: CheckScope { .sentence }
}

/// Every check a feature record may name in `checks`.
public enum PropertyChecks {
    public static let all: [any PropertyCheck] = [
        TimesMatchBooking(), NoInventedSegments(), LanguageMatchesLocale(), NoDataEcho(), CityRoles(), SchemaValid(), Grounded(),
        NoRepetition(), NoSensitiveNumbers(), NumbersInPolicy(), AddressesSection(),
    ]

    public static func named(_ name: String) -> (any PropertyCheck)? { all.first { $0.name == name } }
}
