import AssistRedis
import Testing

@Suite("RedisURL")
struct RedisURLTests {
    @Test func parsesHostPortPasswordAndDatabase() throws {
        #expect(try RedisURL("redis://cache.internal") == RedisURL(host: "cache.internal"))
        #expect(try RedisURL("redis://127.0.0.1:6380/2") == RedisURL(host: "127.0.0.1", port: 6380, database: 2))
        #expect(try RedisURL("redis://:p%40ss@h:1") == RedisURL(host: "h", port: 1, password: "p@ss"))
        #expect(try RedisURL("redis://assist:pw@h/0") == RedisURL(host: "h", user: "assist", password: "pw"))
        #expect(try RedisURL("redis://[::1]:7000") == RedisURL(host: "::1", port: 7000))
    }

    @Test func refusesWhatItCannotConnectTo() {
        for text in ["http://h", "rediss://h", "redis://", "redis://h/x", "redis://h/1/2", "redis://h:0", "redis://u@h", "h:6379"] {
            #expect(throws: RedisURL.Invalid.self, "\(text)") { try RedisURL(text) }
        }
    }

    @Test func itsDescriptionNeverShowsThePassword() throws {
        #expect(try RedisURL("redis://:secret@h:1/2").description == "redis://:***@h:1/2")
        #expect(try RedisURL("redis://me:secret@h").description == "redis://me:***@h:6379/0")
        #expect(try RedisURL("redis://[::1]").description == "redis://[::1]:6379/0")
    }
}
