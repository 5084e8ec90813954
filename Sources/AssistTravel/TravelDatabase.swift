public import AssistGateway
public import AssistSQLite
import Foundation
import Synchronization

/// The travel data in SQLite, and the reads the prompt builders make. Every booking read is scoped to a
/// user: asking for another user's booking returns nil, exactly like asking for one that does not exist.
public final class TravelDatabase: Sendable {
    private let database: SQLiteDatabase
    /// The support policy of every language, as last read: written only by `seed` (which empties this), read for
    /// every support question, so read from the database once rather than once per request. Keyed by the data's
    /// languages only, never by what a request asks for (an unknown language is answered in English).
    private let policies = Mutex<[String: [TravelData.PolicySection]]?>(nil)

    public init(database: SQLiteDatabase) throws {
        self.database = database
        try database.execute("""
            CREATE TABLE IF NOT EXISTS travel_users (id TEXT PRIMARY KEY, name TEXT NOT NULL, locale TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS travel_airports (code TEXT PRIMARY KEY, city TEXT NOT NULL, country TEXT NOT NULL, time_zone TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS travel_bookings (
                id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES travel_users(id), version INTEGER NOT NULL,
                status TEXT NOT NULL, travellers TEXT NOT NULL, segments TEXT NOT NULL, hotels TEXT NOT NULL);
            CREATE INDEX IF NOT EXISTS travel_bookings_user ON travel_bookings (user_id);
            CREATE TABLE IF NOT EXISTS travel_policy (language TEXT NOT NULL, position INTEGER NOT NULL, section TEXT NOT NULL,
                title TEXT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (language, position));
            """)
    }

    /// Loads `data`, replacing rows with the same keys (start-up runs it every time; it is idempotent).
    public func seed(_ data: TravelData) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func json(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
        try database.transaction { query in
            for user in data.users {
                _ = try query("INSERT OR REPLACE INTO travel_users VALUES (?, ?, ?)", [.text(user.id), .text(user.name), .text(user.locale)])
            }
            for airport in data.airports {
                _ = try query("INSERT OR REPLACE INTO travel_airports VALUES (?, ?, ?, ?)",
                              [.text(airport.code), .text(airport.city), .text(airport.country), .text(airport.timeZone)])
            }
            for b in data.bookings {
                _ = try query("INSERT OR REPLACE INTO travel_bookings VALUES (?, ?, ?, ?, ?, ?, ?)", [
                    .text(b.id), .text(b.userId), .integer(Int64(b.version)), .text(b.status),
                    .text(try json(b.travellers)), .text(try json(b.segments)), .text(try json(b.hotels)),
                ])
            }
            for (language, sections) in data.policy {
                for (position, section) in sections.enumerated() {
                    _ = try query("INSERT OR REPLACE INTO travel_policy VALUES (?, ?, ?, ?, ?)",
                                  [.text(language), .integer(Int64(position)), .text(section.section), .text(section.title), .text(section.text)])
                }
            }
        }
        policies.withLock { $0 = nil }
    }

    /// The booking `id` if it belongs to `user`; nil otherwise (missing and foreign look the same).
    public func booking(_ id: String, for user: String) throws -> TravelData.Booking? {
        let rows = try database.query(
            "SELECT id, user_id, version, status, travellers, segments, hotels FROM travel_bookings WHERE id = ? AND user_id = ?",
            [.text(id), .text(user)])
        guard let row = rows.first else { return nil }
        let decoder = JSONDecoder()
        return TravelData.Booking(
            id: row[0].text ?? "", userId: row[1].text ?? "", version: row[2].int ?? 0, status: row[3].text ?? "",
            travellers: try decoder.decode([TravelData.Traveller].self, from: Data((row[4].text ?? "[]").utf8)),
            segments: try decoder.decode([TravelData.Segment].self, from: Data((row[5].text ?? "[]").utf8)),
            hotels: try decoder.decode([TravelData.Hotel].self, from: Data((row[6].text ?? "[]").utf8)))
    }

    public func airports(_ codes: Set<String>) throws -> [String: TravelData.Airport] {
        var result: [String: TravelData.Airport] = [:]
        for code in codes {
            if let row = try database.query("SELECT code, city, country, time_zone FROM travel_airports WHERE code = ?", [.text(code)]).first {
                result[code] = TravelData.Airport(code: row[0].text ?? "", city: row[1].text ?? "", country: row[2].text ?? "",
                                                  timeZone: row[3].text ?? "")
            }
        }
        return result
    }

    /// What a builder answers when a read of the travel data failed: 503, logged with its cause.
    public static func unavailable(_ error: any Error) -> GatewayError {
        GatewayLog.warning("travel store: \(error)")
        return .unavailable("travel store")
    }

    /// The support policy in `language`, falling back to English.
    public func policy(language: String) throws -> [TravelData.PolicySection] {
        let all: [String: [TravelData.PolicySection]]
        if let known = policies.withLock({ $0 }) {
            all = known
        } else {
            var read: [String: [TravelData.PolicySection]] = [:]
            for row in try database.query("SELECT language, section, title, text FROM travel_policy ORDER BY language, position") {
                read[row[0].text ?? "", default: []].append(TravelData.PolicySection(section: row[1].text ?? "", title: row[2].text ?? "",
                                                                                    text: row[3].text ?? ""))
            }
            policies.withLock { $0 = read }
            all = read
        }
        return all[language] ?? all["en"] ?? []
    }
}
