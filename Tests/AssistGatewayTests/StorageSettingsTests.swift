import AssistGateway
import AssistWire
import Testing

/// The `storage` section: SQLite by default, `shared` with Redis and PostgreSQL URLs from the file or the
/// environment (which wins), every bad value named by its path.
@Suite("storage: SQLite or shared stores")
struct StorageSettingsTests {
    private static func noEnvironment(_ name: String) -> String? { nil }

    @Test func sqliteByDefault() throws {
        let storage = try ConfigFixture.load().storage
        #expect(storage.kind == .sqlite && storage.redisURL == nil && storage.postgresURL == nil)
        #expect(storage.connectSeconds == 30 && storage.onRedisDown == .closed)
        #expect(try storage.resolved(environment: Self.noEnvironment) == storage)
    }

    @Test func sharedFromTheFile() throws {
        var json = ConfigFixture.json
        json.set("storage", ["kind": "shared", "redis": "redis://127.0.0.1:6380/0", "postgres": "postgres://assist@127.0.0.1:5433/assist",
                             "connectSeconds": 5, "onRedisDown": "open"])
        let storage = try ConfigFixture.load(json).storage.resolved(environment: Self.noEnvironment)
        #expect(storage.kind == .shared && storage.connectSeconds == 5 && storage.onRedisDown == .open)
        #expect(storage.redisURL == "redis://127.0.0.1:6380/0" && storage.postgresURL == "postgres://assist@127.0.0.1:5433/assist")
    }

    @Test func theEnvironmentWinsOverTheFile() throws {
        var json = ConfigFixture.json
        json.set("storage", ["kind": "shared", "redis": "redis://file:1", "postgres": "postgres://file/db"])
        let environment = [StorageSettings.redisEnvironment: "redis://:secret@env:6379", StorageSettings.postgresEnvironment: "postgresql://u:p@env/db"]
        let storage = try ConfigFixture.load(json).storage.resolved { environment[$0] }
        #expect(storage.redisURL == "redis://:secret@env:6379" && storage.postgresURL == "postgresql://u:p@env/db")
        // Shared storage with the URLs only in the environment.
        json.set("storage", ["kind": "shared"])
        #expect(try ConfigFixture.load(json).storage.resolved { environment[$0] }.redisURL == "redis://:secret@env:6379")
    }

    @Test func badValuesAreNamedByPath() throws {
        #expect(ConfigFixture.issues { $0.set("storage", ["kind": "etcd"]) }.map(\.description) == ["storage.kind: must be sqlite or shared"])
        #expect(ConfigFixture.issues { $0.set("storage", ["kind": "sqlite", "password": "x"]) }.map(\.description) == ["storage.password: unknown key"])
        #expect(ConfigFixture.issues { $0.set("storage", ["kind": "sqlite", "redis": "redis://x"]) }.map(\.description)
            == ["storage: redis and postgres are for kind \"shared\""])
        #expect(ConfigFixture.issues { $0.set("storage", ["kind": "shared", "connectSeconds": -1, "onRedisDown": "maybe"]) }.map(\.description)
            == ["storage.connectSeconds: must be >= 0", "storage.onRedisDown: must be closed or open"])

        var json = ConfigFixture.json
        json.set("storage", ["kind": "shared", "postgres": "mysql://db"])
        let shared = try ConfigFixture.load(json).storage
        #expect(throws: ConfigError.self) { try shared.resolved(environment: Self.noEnvironment) }
        do {
            _ = try shared.resolved(environment: Self.noEnvironment)
        } catch {
            #expect(error.issues.map(\.description) == [
                "storage.redis: is required for kind \"shared\" (in the file or ASSIST_REDIS_URL)",
                "storage.postgres: must be a postgres:// or postgresql:// URL",
            ])
        }
    }

    @Test("storage.journal: defaults, each limit as given, every bad value named, refused with shared storage")
    func journalLimits() throws {
        let defaults = try ConfigFixture.load().storage.journal
        #expect(defaults.maxBacklog == 65_536 && defaults.rewriteBytes == 1 << 20 && defaults.shipMilliseconds == 500)

        var json = ConfigFixture.json
        json.set("storage", ["kind": "sqlite", "journal": ["maxBacklog": 1_024, "rewriteBytes": 1_073_741_824, "shipMilliseconds": 10_000]])
        let given = try ConfigFixture.load(json).storage.journal
        #expect(given.maxBacklog == 1_024 && given.rewriteBytes == 1 << 30 && given.shipMilliseconds == 10_000)

        #expect(ConfigFixture.issues {
            $0.set("storage", ["kind": "sqlite", "journal": ["maxBacklog": 1_023, "rewriteBytes": 1.5, "shipMilliseconds": 0]])
        }.map(\.description) == [
            "storage.journal.maxBacklog: must be between 1024 and 16777216", "storage.journal.rewriteBytes: must be an integer",
            "storage.journal.shipMilliseconds: must be between 1 and 10000",
        ])
        #expect(ConfigFixture.issues { $0.set("storage", ["kind": "sqlite", "journal": ["maxBacklog": 99_999_999_999, "fsync": true]]) }
            .map(\.description).sorted() == ["storage.journal.fsync: unknown key", "storage.journal.maxBacklog: must be between 1024 and 16777216"])
        #expect(ConfigFixture.issues { $0.set("storage", ["kind": "sqlite", "journal": "big"]) }.count == 1)
        // Shared storage has no request journal: a limit for it would be silently ignored, so it is refused.
        #expect(ConfigFixture.issues { $0.set("storage", ["kind": "shared", "journal": ["maxBacklog": 2_048]]) }.map(\.description)
            == ["storage.journal: is for kind \"sqlite\""])
    }
}
