/// `no_data_echo`: the answer does not echo the data message: no braces or brackets, no key of the data
/// written as a key (`"bookingId":`), and none of its compound keys at all (`departureLocalTime`), which no
/// sentence for a reader contains. A small model asked to summarise JSON often gives the JSON back.
public struct NoDataEcho: PropertyCheck {
    public let name = "no_data_echo"
    public init() {}

    public func violation(in answer: CheckedAnswer) -> String? {
        if let brace = answer.text.first(where: { "{}[]".contains($0) }) { return "data syntax in the answer: \(brace)" }
        let keys = Self.keys(in: answer.booking?.sourceText ?? "")
        if let quoted = keys.first(where: { answer.text.contains("\"\($0)\"") }) { return "a data key quoted: \(quoted)" }
        let words = Set(answer.text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
        let compound = keys.filter { key in key.contains("_") || key.dropFirst().contains(where: \.isUppercase) }
        if let echoed = compound.sorted().first(where: words.contains) { return "a data key in the answer: \(echoed)" }
        return nil
    }

    /// The keys of the JSON objects in `data`: each quoted name followed by a colon.
    static func keys(in data: String) -> Set<String> {
        var keys: Set<String> = []
        var rest = Substring(data)
        while let open = rest.firstIndex(of: "\"") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "\"") else { break }
            let name = rest[afterOpen..<close]
            let after = rest[rest.index(after: close)...].drop { $0 == " " }
            if after.first == ":", !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { keys.insert(String(name)) }
            rest = rest[rest.index(after: close)...]
        }
        return keys
    }
}
