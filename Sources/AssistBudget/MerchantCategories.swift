import AssistUnderstanding

/// The category of a merchant an SMS names: the one the user's own transactions give it, else the demo data's,
/// else a word in its name ("MARKET", "PETROL", "CAFE"), else `other`. Names are compared folded (case and
/// Turkish letters), so "MIGROS" is the user's "Migros".
public struct MerchantCategories: Sendable {
    let known: [String: (merchant: String, category: String)]

    /// - Parameter own: the user's merchants and their categories, which win over the demo data's.
    public init(own: [(merchant: String, category: String)] = []) {
        var known: [String: (merchant: String, category: String)] = [:]
        for merchant in DemoData.merchants { known[TextMatching.fold(merchant.name)] = (merchant.name, merchant.category) }
        for (merchant, category) in own { known[TextMatching.fold(merchant)] = (merchant, category) }
        self.known = known
    }

    static let keywords: [(String, [String])] = [
        ("groceries", ["market", "supermarket", "gida", "bakkal", "manav", "grocery"]),
        ("cafes", ["cafe", "kafe", "kahve", "coffee", "starbucks"]),
        ("restaurants", ["restoran", "restaurant", "lokanta", "kebap", "pizza", "burger", "doner", "yemek"]),
        ("fuel", ["petrol", "akaryakit", "shell", "opet", "bp", "total"]),
        ("transport", ["taksi", "taxi", "metro", "istanbulkart", "otopark", "parking"]),
        ("pharmacy", ["eczane", "pharmacy"]),
        ("travel", ["hava yollari", "airlines", "pegasus", "thy", "otel", "hotel"]),
        ("bills", ["elektrik", "dogalgaz", "su idaresi", "turkcell", "vodafone", "turk telekom", "igdas"]),
    ]

    /// The merchant as the user's data spells it, and its category.
    public func categorise(_ merchant: String) -> (merchant: String, category: String) {
        let folded = TextMatching.fold(merchant)
        if let entry = known[folded] { return entry }
        let words = FoldedText(folded)
        let category = Self.keywords.first { _, keywords in words.containsAny(keywords) }?.0
        return (merchant, category ?? "other")
    }
}
