public import AssistWire

/// Feature 1: a travel search sentence → `SearchFilters`, on-device model first, deterministic always.
///
/// The deterministic parser runs on every sentence. The guarded model is asked only to fill what it left
/// empty, under a schema built from this sentence: city choices are the cities the sentence names and the
/// spans where a place the gazetteer lacks may be (`PlaceSpans`: "from Babaeski", an unknown capitalised name),
/// counts exist only when a traveller word appears, enums only list the values the text mentions. Dates
/// and prices never come from the model (facts come from our own code). Every model value must then
/// have literal support in the text, or it is dropped and reported. So the model path can add what the
/// rules missed but cannot invent a value, and it never falls below the deterministic path.
public struct SmartSearch: Sendable {
    public struct Result: Sendable {
        public var filters: SearchFilters
        public var source: String
        public var dropped: [Wall.Dropped]
        /// Where each filled field came from: `rules` (the deterministic parser) or `model` (a grounded model value).
        public var fieldSources: [String: String]

        init(filters: SearchFilters, source: String, dropped: [Wall.Dropped], fromModel: Set<String> = []) {
            self.filters = filters
            self.source = source
            self.dropped = dropped
            var sources: [String: String] = [:]
            for (field, value) in filters.json.objectValue ?? [:] where value != .null {
                sources[field] = fromModel.contains(field) ? "model" : "rules"
            }
            fieldSources = sources
        }

        public var json: JSONValue {
            ["filters": filters.json, "source": .string(source), "fieldSources": .object(fieldSources.mapValues { .string($0) }),
             "dropped": .array(dropped.map { ["field": .string($0.field), "value": $0.value, "reason": .string($0.reason)] })]
        }
    }

    let model: GuardedModel?
    let gazetteer: Gazetteer

    public init(model: GuardedModel? = nil, gazetteer: Gazetteer = .builtin) {
        self.model = model
        self.gazetteer = gazetteer
    }

    public func extract(_ text: String, today: DateResolver) async -> Result {
        var filters = SearchParser(today: today, gazetteer: gazetteer).parse(text)
        guard let model else { return Result(filters: filters, source: "fallback", dropped: []) }
        let schema = self.schema(for: text, missing: filters)
        guard !schema.propertyNames.isEmpty else { return Result(filters: filters, source: "fallback", dropped: []) }
        let prompt = ModelPrompt(
            instructions: "Extract the travel search filters the user's sentence states. Leave out anything it does not state.",
            text: text)
        guard case .success(let answer) = await model.respond(to: prompt, schema: schema) else {
            return Result(filters: filters, source: "fallback", dropped: [])
        }
        var dropped: [Wall.Dropped] = []
        var fromModel: Set<String> = []
        for (field, value) in (answer.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) where value != .null {
            guard grounded(field, value, in: text) else {
                dropped.append(Wall.Dropped(field: field, value: value, reason: "no literal support in the text"))
                continue
            }
            apply(field, value, to: &filters)
            fromModel.insert(field)
        }
        // A trip from a place to itself is no trip: one span the model gave both ends keeps the end its travel word says
        // ("ski trip to Mokhotlong, Lesotho"), or neither.
        if fromModel.isSuperset(of: ["origin", "destination"]), let span = answer["origin"]?.stringValue, span == answer["destination"]?.stringValue {
            let words = TextMatching.words(text)
            let before = TextMatching.ranges(of: TextMatching.words(span), in: words).first.flatMap { $0.lowerBound > 0 ? words[$0.lowerBound - 1] : nil }
            let kept: String? = before.flatMap { Gazetteer.toWords.contains($0) ? "destination" : Gazetteer.fromWords.contains($0) ? "origin" : nil }
            for field in ["origin", "destination"] where field != kept {
                if field == "origin" { filters.origin = nil } else { filters.destination = nil }
                fromModel.remove(field)
                dropped.append(Wall.Dropped(field: field, value: .string(span), reason: "the same place as the other end"))
            }
        }
        return Result(filters: filters, source: "model", dropped: dropped, fromModel: fromModel)
    }

    /// The walled schema: only fields the deterministic path left empty and the text signals.
    public func schema(for text: String, missing filters: SearchFilters) -> DynamicSchema {
        var properties: [DynamicSchema.Property] = []
        // A city can play one role: the other role's city is not a choice (a trip from Dubai to Dubai is no trip).
        // Beside the places the gazetteer finds, the spans where a place it does not know may be (`PlaceSpans`).
        // A place inside the carrier's name is none of the trip's ends ("Air Marshall Islands" offers no Marshall, Texas).
        let carrier = filters.airline.map(SearchParser.writtenNames(of:)) ?? []
        let inCarrier = PlaceSpans.positions(of: carrier, in: TextMatching.words(text))
        // Nor a place that only says where another is ("Bassenge near Liège", "(Ciudad Real)").
        let mentions = Gazetteer.besidesAsides(gazetteer.mentions(in: text).filter { !inCarrier.contains($0.position) }, in: text)
        let cities = Array(Set(mentions.map(\.city.name))).sorted()
            + PlaceSpans.candidates(in: text, besides: mentions, names: carrier, gazetteer: gazetteer)
        let used = Set([filters.origin, filters.destination].compactMap { $0 })
        let free = cities.filter { !used.contains($0) }.map { DynamicSchema.Choice($0) }
        if !free.isEmpty {
            if filters.origin == nil { properties.append(.init("origin", .string(choices: free), optional: true)) }
            if filters.destination == nil { properties.append(.init("destination", .string(choices: free), optional: true)) }
        }
        let counts: [(String, Int?, [String])] = [
            ("adults", filters.adults, ["adult", "adults", "yetişkin", "people", "kişi", "seats", "passengers"]),
            ("children", filters.children, ["child", "children", "kid", "kids", "çocuk"]),
            ("infants", filters.infants, ["infant", "baby", "babies", "bebek"]),
        ]
        for (name, value, signals) in counts where value == nil && SearchParser.any(signals, in: text) {
            properties.append(.init(name, .integer(minimum: 0, maximum: 9), optional: true))
        }
        let enums: [(String, String?, [(String, [String])])] = [
            ("cabin", filters.cabin, [("economy", ["economy", "ekonomi"]), ("premium_economy", ["premium"]), ("business", ["business", "iş sınıfı"]),
                                      ("first", ["first class", "birinci"])]),
            ("climate", filters.climate, [("warm", ["warm", "sunny", "hot", "sıcak", "güneşli"]), ("cold", ["cold", "snow", "soğuk", "karlı"])]),
            ("departureTimeOfDay", filters.departureTimeOfDay, [("morning", ["morning", "sabah"]), ("afternoon", ["afternoon", "öğle"]),
                                                                ("evening", ["evening", "akşam"]), ("night", ["night", "gece"])]),
        ]
        let words = TextMatching.words(text)
        for (name, value, table) in enums where value == nil {
            // "for 4 nights", "10 gece kalacağız": counted nights are a stay's length, no time of day to offer.
            let folded = name == "departureTimeOfDay" ? FoldedText(words: SearchParser.blankingCountedNights(words, words: words)) : FoldedText(words: words)
            let mentioned = table.filter { folded.containsAny($0.1) }.map { DynamicSchema.Choice($0.0) }
            if !mentioned.isEmpty { properties.append(.init(name, .string(choices: mentioned), optional: true)) }
        }
        if filters.nonstop == nil, SearchParser.any(["nonstop", "direct", "aktarmasız", "direkt"], in: text) {
            properties.append(.init("nonstop", .boolean(), optional: true))
        }
        return .object(properties: properties)
    }

    /// Literal support: a city the text names, or a candidate span of it, exactly; a count written in the text (digits or a number word);
    /// enum values only exist in the schema when the text mentions them. An article ("a baby") supports a
    /// count of one only when `articles` is set: the rules read it so, but it is too weak to let a
    /// model's number through.
    public func grounded(_ field: String, _ value: JSONValue, in text: String, articles: Bool = false) -> Bool {
        switch field {
        case "origin", "destination":
            guard let name = value.stringValue else { return false }
            let mentions = gazetteer.mentions(in: text)
            return mentions.contains { $0.city.name == name }
                || PlaceSpans.candidates(in: text, besides: mentions, gazetteer: gazetteer).contains(name)
        case "adults", "children", "infants":
            guard let number = value.intValue else { return false }
            let words = TextMatching.words(text)
            return words.contains(String(number)) || words.contains { SearchParser.numbers[$0] == number && (articles || ($0 != "a" && $0 != "an")) }
        default:
            return true
        }
    }

    func apply(_ field: String, _ value: JSONValue, to filters: inout SearchFilters) {
        switch field {
        case "origin": filters.origin = value.stringValue.map(Self.spelledAsPlace)
        case "destination": filters.destination = value.stringValue.map(Self.spelledAsPlace)
        case "adults": filters.adults = value.intValue
        case "children": filters.children = value.intValue
        case "infants": filters.infants = value.intValue
        case "cabin": filters.cabin = value.stringValue
        case "climate": filters.climate = value.stringValue
        case "departureTimeOfDay": filters.departureTimeOfDay = value.stringValue
        case "nonstop": filters.nonstop = value.boolValue
        default: break
        }
    }

    /// A place the model chose as the request wrote it, spelled as a name when written all in lower case: each word
    /// capitalised, the particles inside a name left small ("escanaba" → "Escanaba", "san juan de los morros" →
    /// "San Juan de los Morros"). A name the gazetteer gives, or one written with capitals, is kept as it is.
    static func spelledAsPlace(_ name: String) -> String {
        guard name == name.lowercased(), name.contains(where: \.isLetter) else { return name }
        return name.split(separator: " ", omittingEmptySubsequences: false).enumerated().map { index, word in
            guard index == 0 || !placeParticles.contains(String(word)) else { return String(word) }
            // "port-de-paix": each hyphened part a word of its own.
            return word.split(separator: "-", omittingEmptySubsequences: false).enumerated().map { part, piece in
                part > 0 && placeParticles.contains(String(piece)) ? String(piece) : piece.prefix(1).uppercased() + piece.dropFirst()
            }.joined(separator: "-")
        }.joined(separator: " ")
    }

    /// Small words inside a place's name that stay in lower case: articles and prepositions of the languages places are
    /// named in ("San Juan de los Morros", "Castellammare di Stabia", "Port-au-Prince", "Stratford-upon-Avon").
    static let placeParticles: Set<String> = ["de", "del", "della", "di", "da", "do", "dos", "das", "du", "des", "la", "las", "los", "le",
                                              "el", "y", "e", "au", "aux", "en", "sur", "upon", "on", "am", "an", "der", "im", "bei", "van", "von"]
}
