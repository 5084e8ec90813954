import Foundation

/// Six months of realistic card spending for the demo users (June–November 2026, TRY), generated from a
/// fixed seed per user so every run and every test sees the same few hundred transactions.
public enum DemoData {
    public static let merchants: [(name: String, category: String, minTRY: Int, maxTRY: Int, perMonth: Int)] = [
        ("Migros", "groceries", 150, 1400, 7), ("A101", "groceries", 60, 450, 5), ("BİM", "groceries", 50, 380, 4),
        ("CarrefourSA", "groceries", 200, 1600, 2), ("Starbucks", "cafes", 90, 260, 6), ("Kahve Dünyası", "cafes", 70, 220, 3),
        ("Nusr-Et", "restaurants", 1800, 5200, 1), ("Köfteci Yusuf", "restaurants", 220, 640, 2), ("Big Chefs", "restaurants", 450, 1300, 2),
        ("Sushico", "restaurants", 600, 1700, 1), ("Yemeksepeti", "restaurants", 180, 720, 4), ("Shell", "fuel", 900, 2400, 2),
        ("Opet", "fuel", 850, 2200, 1), ("İstanbulkart", "transport", 100, 500, 3), ("BiTaksi", "transport", 120, 480, 3),
        ("Netflix", "subscriptions", 230, 230, 1), ("Spotify", "subscriptions", 99, 99, 1), ("Turkcell", "bills", 420, 620, 1),
        ("İGDAŞ", "bills", 300, 1900, 1), ("Zara", "clothing", 600, 3200, 1), ("LC Waikiki", "clothing", 250, 1400, 1),
        ("Trendyol", "shopping", 150, 2800, 3), ("Hepsiburada", "shopping", 200, 3500, 2), ("Gratis", "personal care", 80, 450, 2),
        ("D&R", "books", 120, 600, 1), ("Pegasus", "travel", 1200, 4200, 0), ("Cinemaximum", "entertainment", 180, 420, 1),
    ]

    public static let months = ["2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"]

    /// The demo users with spending of their own (the travel app's users; `u1` is the CLI's default).
    public static let users = ["u1", "u2", "u3"]

    /// `user`'s transactions; `u1`'s are the ones the golden sets were written against.
    public static func transactions(for user: String = "u1") -> [Transaction] {
        var random = SeededRandom(seed: 20261129 &+ UInt64(users.firstIndex(of: user) ?? 0) &* 7919)
        var result: [Transaction] = []
        for (monthIndex, month) in months.enumerated() {
            let days = month == "2026-11" ? 28 : (["2026-06", "2026-09", "2026-11"].contains(month) ? 30 : 31)
            for merchant in merchants {
                let count = merchant.perMonth + (merchant.name == "Pegasus" && monthIndex % 3 == 1 ? 1 : 0)
                for _ in 0..<count {
                    let day = Int(random.next() % UInt64(days)) + 1
                    let span = merchant.maxTRY - merchant.minTRY
                    let lira = merchant.minTRY + (span > 0 ? Int(random.next() % UInt64(span + 1)) : 0)
                    let kurus = merchant.minTRY == merchant.maxTRY ? 0 : Int(random.next() % 100)
                    result.append(Transaction(date: String(format: "%@-%02d", month, day), merchant: merchant.name,
                                              category: merchant.category, amountMinor: lira * 100 + kurus))
                }
            }
        }
        return result.sorted { ($0.date, $0.merchant) < ($1.date, $1.merchant) }
    }
}

/// SplitMix64: small, seeded, the same everywhere.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
