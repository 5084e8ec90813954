import AssistGateway
import AssistWire
import Testing

/// The HTTP edge's settings in the `limits` section: defaults, values, and every bad value named by its path.
@Suite("limits: the HTTP edge's connection defences")
struct EdgeLimitsConfigTests {
    @Test func defaults() throws {
        let limits = try ConfigFixture.load().limits
        #expect(limits.headerTimeoutSeconds == 10)
        #expect(limits.maxConnectionsPerAddress == 256)
        #expect(limits.trustedProxies == [])
        #expect(limits.maxConnections == 10_000)
        #expect(limits.reservedDescriptors == 256)
        #expect(limits.minClientReadBytesPerSecond == 64)
        #expect(limits.slowReaderWindowSeconds == 30)
    }

    @Test func valuesAreRead() throws {
        var json = ConfigFixture.json
        json.set("limits.headerTimeoutSeconds", 2.5)
        json.set("limits.maxConnectionsPerAddress", 0)
        json.set("limits.trustedProxies", ["10.0.0.2", "192.168.1.254"])
        json.set("limits.maxConnections", 500)
        json.set("limits.reservedDescriptors", 32)
        json.set("limits.minClientReadBytesPerSecond", 200)
        json.set("limits.slowReaderWindowSeconds", 1.5)
        let limits = try ConfigFixture.load(json).limits
        #expect(limits.headerTimeoutSeconds == 2.5)
        #expect(limits.maxConnectionsPerAddress == 0)
        #expect(limits.trustedProxies == ["10.0.0.2", "192.168.1.254"])
        #expect(limits.maxConnections == 500)
        #expect(limits.reservedDescriptors == 32)
        #expect(limits.minClientReadBytesPerSecond == 200)
        #expect(limits.slowReaderWindowSeconds == 1.5)
    }

    @Test func badValuesAreNamedByPath() {
        #expect(ConfigFixture.issues { $0.set("limits.headerTimeoutSeconds", 0) }.map(\.description)
            == ["limits.headerTimeoutSeconds: must be > 0"])
        #expect(ConfigFixture.issues { $0.set("limits.maxConnectionsPerAddress", -1) }.map(\.description)
            == ["limits.maxConnectionsPerAddress: must be >= 0 (0 turns the limit off)"])
        #expect(ConfigFixture.issues { $0.set("limits.maxConnections", 0) }.map(\.description) == ["limits.maxConnections: must be > 0"])
        #expect(ConfigFixture.issues { $0.set("limits.reservedDescriptors", -5) }.map(\.description)
            == ["limits.reservedDescriptors: must be >= 0"])
        #expect(ConfigFixture.issues { $0.set("limits.trustedProxies", ["10.0.0.2", "proxy.internal", "10.0.0.256", "::1"]) }.map(\.description)
            == ["limits.trustedProxies[1]: must be an IPv4 address such as 10.0.0.2",
                "limits.trustedProxies[2]: must be an IPv4 address such as 10.0.0.2",
                "limits.trustedProxies[3]: must be an IPv4 address such as 10.0.0.2"])
        #expect(ConfigFixture.issues { $0.set("limits.trustedProxies", "10.0.0.2") }.map(\.description)
            == ["limits.trustedProxies: must be an array of strings"])
        #expect(ConfigFixture.issues { $0.set("limits.minClientReadBytesPerSecond", 0) }.map(\.description)
            == ["limits.minClientReadBytesPerSecond: must be > 0"])
        #expect(ConfigFixture.issues { $0.set("limits.slowReaderWindowSeconds", 0) }.map(\.description)
            == ["limits.slowReaderWindowSeconds: must be > 0"])
        #expect(ConfigFixture.issues { $0.set("limits.maxConnectionsPerAddress", "many") }.map(\.path) == ["limits.maxConnectionsPerAddress"])
    }
}
