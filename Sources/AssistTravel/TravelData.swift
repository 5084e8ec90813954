import Foundation

/// The travel reference app's data: users, airports with IANA time zones, bookings and the support policy.
/// Loaded from the seed compiled into the binary into SQLite; read back per request for one user.
public struct TravelData: Codable, Sendable {
    public struct User: Codable, Sendable { public var id, name, locale: String }
    public struct Airport: Codable, Sendable { public var code, city, country, timeZone: String }
    public struct Traveller: Codable, Sendable, Equatable { public var name, type: String }
    public struct Segment: Codable, Sendable, Equatable {
        public var flight, from, to, departureLocal, arrivalLocal, status, cabin: String
    }
    public struct Hotel: Codable, Sendable, Equatable {
        public var name, city, checkIn, checkOut, description: String
    }
    public struct Booking: Codable, Sendable, Equatable {
        public var id, userId: String
        public var version: Int
        public var status: String
        public var travellers: [Traveller]
        public var segments: [Segment]
        public var hotels: [Hotel]
    }
    public struct PolicySection: Codable, Sendable { public var section, title, text: String }

    public var users: [User]
    public var airports: [Airport]
    public var bookings: [Booking]
    /// Policy sections by language ("en", "tr").
    public var policy: [String: [PolicySection]]

    /// The seed compiled into the binary (`Resources/travel-data.json`).
    public static func builtin() throws -> TravelData {
        try JSONDecoder().decode(TravelData.self, from: Data(PackageResources.travel_data_json))
    }
}
