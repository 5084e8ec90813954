public import AssistWire

/// What a travel search sentence asks for. Absent values are nil (null on the wire), never guessed.
public struct SearchFilters: Sendable, Equatable {
    public struct Price: Sendable, Equatable {
        public var amount: Double
        /// ISO 4217: EUR, USD, GBP, TRY.
        public var currency: String
        public init(amount: Double, currency: String) {
            self.amount = amount
            self.currency = currency
        }
    }

    public var origin: String?
    public var destination: String?
    public var departure: DateResolver.Range?
    public var `return`: DateResolver.Range?
    public var adults: Int?
    public var children: Int?
    public var infants: Int?
    public var nonstop: Bool?
    /// economy | premium_economy | business | first
    public var cabin: String?
    public var airline: String?
    /// morning | afternoon | evening | night
    public var departureTimeOfDay: String?
    /// warm | cold
    public var climate: String?
    public var maxPrice: Price?

    public init() {}

    public var json: JSONValue {
        func range(_ value: DateResolver.Range?) -> JSONValue {
            value.map { ["from": .string($0.from), "to": .string($0.to)] } ?? .null
        }
        func optional<T>(_ value: T?, _ wrap: (T) -> JSONValue) -> JSONValue { value.map(wrap) ?? .null }
        return [
            "origin": optional(origin) { .string($0) }, "destination": optional(destination) { .string($0) },
            "departure": range(departure), "return": range(self.return),
            "adults": optional(adults) { .number(Double($0)) }, "children": optional(children) { .number(Double($0)) },
            "infants": optional(infants) { .number(Double($0)) }, "nonstop": optional(nonstop) { .bool($0) },
            "cabin": optional(cabin) { .string($0) }, "airline": optional(airline) { .string($0) },
            "departureTimeOfDay": optional(departureTimeOfDay) { .string($0) }, "climate": optional(climate) { .string($0) },
            "maxPrice": optional(maxPrice) { ["amount": .number($0.amount), "currency": .string($0.currency)] },
        ]
    }
}
