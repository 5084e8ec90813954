import AssistClient
import AssistCrypto
import AssistGateway
import AssistServer
import AssistSQLite
import AssistStores
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import Testing

@Suite("Client integrity driving quotas, end to end")
struct IntegrityEndToEndTests {
    static let appId = "TEAM123456.com.example.assist"
    static let quotas: JSONValue = [
        "trusted": ["requestsPerDay": 3, "tokensPerDay": 100_000], "degraded": ["requestsPerDay": 2, "tokensPerDay": 100_000],
        "untrusted": ["requestsPerDay": 2, "tokensPerDay": 100_000], "unavailable": ["requestsPerDay": 0, "tokensPerDay": 0],
    ]

    func harness(freshChallenge: Bool = false) throws -> GatewayHarness {
        try GatewayHarness(integrity: ["appAttest": ["appId": .string(Self.appId), "environment": "development"]],
                           features: ["support_chat": ["quotas": Self.quotas, "freshChallenge": .bool(freshChallenge)]])
    }

    /// A device whose App Attest key the gateway has registered for u1.
    func registeredDevice(_ harness: GatewayHarness) async throws -> SoftwareAppAttest {
        let device = try SoftwareAppAttest(appId: Self.appId)
        try await SQLiteDeviceKeyStore(database: harness.assembly.database).register(
            DeviceKey(user: "u1", keyId: device.keyId, publicKey: device.publicKeyPoint, counter: 0, environment: "development"))
        return device
    }

    /// A request with `session` (u1's token made at the start of the test unless given: a proof covers the very
    /// token it is sent with).
    func send(_ harness: GatewayHarness, integrity: String?, session: String) async throws -> (response: TestResponse, row: AuditRecord?) {
        let response = try await harness.stream(body: GatewayHarness.uncachedBody, authorization: "Bearer \(session)",
                                                headers: integrity.map { [("X-Assist-Integrity", $0)] } ?? [])
        return (response, await harness.auditRow(response.headers["x-request-id"]))
    }

    func header(_ device: SoftwareAppAttest, session: String, challenge: String? = nil) -> String {
        device.header(method: "POST", path: "/v1/assist/stream", body: GatewayHarness.uncachedBody, sessionToken: session, challenge: challenge)
    }

    @Test("the same user: trusted quota with a valid assertion, untrusted with a replayed or forged one, 403 with none")
    func quotaByTrust() async throws {
        let harness = try harness()
        let device = try await registeredDevice(harness)
        let session = harness.token()

        let valid = try await send(harness, integrity: header(device, session: session), session: session)
        #expect(valid.response.status == 200)
        #expect(valid.response.headers["ratelimit-remaining"] == "2")  // trusted: 3 a day
        #expect(valid.row?.trust == "trusted" && valid.row?.trustReason == "")

        let replayed = try await send(harness, integrity: device.lastHeader, session: session)
        #expect(replayed.response.status == 200)
        // One day's count per user and feature, each level with its own ceiling: untrusted stops at 2.
        #expect(replayed.response.headers["ratelimit-remaining"] == "0")
        #expect(replayed.row?.trust == "untrusted" && replayed.row?.trustReason == "counter_not_increased")

        let forger = try SoftwareAppAttest(appId: Self.appId)  // another key claiming the registered key id
        var forged = IntegrityHeader(header(forger, session: session))!
        forged.parameters["keyId"] = Data(device.keyId).base64EncodedString()
        let refused = try await send(harness, integrity: forged.value, session: session)
        #expect(refused.response.status == 429)  // still measured, now against the spent untrusted quota
        #expect(refused.row?.trust == "untrusted" && refused.row?.trustReason == "bad_signature")

        // A request whose body differs from what was signed is not this request.
        let signedOther = device.header(method: "POST", path: "/v1/assist/stream", body: Array("{}".utf8), sessionToken: session, challenge: nil)
        #expect(try await send(harness, integrity: signedOther, session: session).row?.trustReason == "bad_signature")

        let none = try await send(harness, integrity: nil, session: session)
        #expect(none.response.status == 403)
        #expect(none.response.errorCode == "integrity_required")
        #expect(none.row?.trust == "unavailable")
        #expect(try await send(harness, integrity: "appattest nonsense", session: session).row?.trustReason == "malformed")
        #expect(try await send(harness, integrity: "playintegrity token=abc", session: session).row?.trustReason == "not_configured")

        // Trusted again with the next genuine assertion.
        #expect(try await send(harness, integrity: header(device, session: session), session: session).row?.trust == "trusted")
    }

    @Test("an assertion covers the session token it was made with: the same user's other session cannot use it")
    func assertionBoundToSession() async throws {
        let harness = try harness()
        let device = try await registeredDevice(harness)
        let signed = harness.token()
        let other = harness.assembly.tokenIssuer(clock: harness.clock).token(for: "u1", lifetimeSeconds: 60)  // another session of u1
        #expect(other != signed)
        let elsewhere = try await send(harness, integrity: header(device, session: signed), session: other)
        #expect(elsewhere.row?.trust == "untrusted" && elsewhere.row?.trustReason == "bad_signature")
        #expect(try await send(harness, integrity: header(device, session: signed), session: signed).row?.trust == "trusted")
    }

    @Test("the client kit attaches its IntegrityProvider's header to every request")
    func clientKit() async throws {
        let harness = try harness()
        let device = try await registeredDevice(harness)
        let token = harness.token()
        let client = AssistClient(baseURL: URL(string: "http://127.0.0.1:\(harness.port)")!, accessToken: { token }, integrity: device)
        let stream = client.stream(AssistRequest(feature: "support_chat", input: ["message": "hi"], locale: "en-US"))
        var events: [AssistEvent] = []
        for try await event in stream { events.append(event) }
        #expect(events.last.map { if case .done = $0 { true } else { false } } == true)
        let requestId = await stream.responseHead()?.requestId
        #expect(await harness.auditRow(requestId)?.trust == "trusted")
        // Without a provider the same user is unavailable, which this feature refuses.
        let bare = AssistClient(baseURL: URL(string: "http://127.0.0.1:\(harness.port)")!, accessToken: { token })
        await #expect(throws: AssistClientError.http(status: 403, code: .integrityRequired)) {
            for try await _ in bare.stream(AssistRequest(feature: "support_chat", input: ["message": "hi"], locale: "en-US")) {}
        }
    }

    @Test("a fresh-challenge feature needs a challenge issued to this user, once")
    func freshChallenge() async throws {
        let harness = try harness(freshChallenge: true)
        let device = try await registeredDevice(harness)
        let session = harness.token()
        #expect(try await send(harness, integrity: header(device, session: session), session: session).row?.trustReason == "challenge_missing")

        let issued = try await harness.challenge()
        #expect(try await send(harness, integrity: header(device, session: session, challenge: issued), session: session).row?.trust == "trusted")
        #expect(try await send(harness, integrity: header(device, session: session, challenge: issued), session: session).row?.trustReason
            == "challenge_invalid")
        let othersChallenge = try await harness.challenge(for: "u2")
        #expect(try await send(harness, integrity: header(device, session: session, challenge: othersChallenge), session: session).row?.trustReason
            == "challenge_invalid")
        #expect(try await testRequest(port: harness.port, method: "POST", path: "/v1/integrity/challenge").status == 401)
    }
}

extension GatewayHarness {
    /// A challenge `POST /v1/integrity/challenge` issues to `user`.
    func challenge(for user: String = "u1") async throws -> String {
        let response = try await testRequest(port: port, method: "POST", path: "/v1/integrity/challenge",
                                             headers: [("Authorization", "Bearer \(token(user))")])
        #expect(response.status == 201)
        #expect(response.json?["expiresInSeconds"] == 300)
        return try #require(response.json?["challenge"]?.stringValue)
    }
}

@Suite("Play Integrity tokens, end to end")
struct PlayIntegrityEndToEndTests {
    let play: SoftwarePlayIntegrity

    init() throws { play = try SoftwarePlayIntegrity() }

    func harness(freshChallenge: Bool = false) throws -> GatewayHarness {
        try GatewayHarness(integrity: play.settings, environment: play.environment,
                           features: ["support_chat": ["quotas": IntegrityEndToEndTests.quotas, "freshChallenge": .bool(freshChallenge)]])
    }

    /// A request with `session` and the header carrying `token` (and `challenge`); its audit row.
    func send(_ harness: GatewayHarness, token: String, challenge: String? = nil, session: String) async throws -> AuditRecord? {
        let response = try await harness.stream(body: GatewayHarness.uncachedBody, authorization: "Bearer \(session)",
                                                headers: [("X-Assist-Integrity", SoftwarePlayIntegrity.header(token: token, challenge: challenge))])
        return await harness.auditRow(response.headers["x-request-id"])
    }

    func token(session: String, device: [String] = ["MEETS_DEVICE_INTEGRITY"], body: [UInt8] = GatewayHarness.uncachedBody,
               challenge: String? = nil) throws -> String {
        try play.token(body: body, sessionToken: session, challenge: challenge, device: device)
    }

    @Test("a token from the app's keys is trusted for its own request; basic integrity is degraded; keys missing stop start-up")
    func tokens() async throws {
        let harness = try harness()
        let session = harness.token()
        #expect(try await send(harness, token: token(session: session), session: session)?.trust == "trusted")
        let basic = try await send(harness, token: token(session: session, device: ["MEETS_BASIC_INTEGRITY"]), session: session)
        #expect(basic?.trust == "degraded" && basic?.trustReason == "basic_integrity_only")
        let otherRequest = try await send(harness, token: token(session: session, body: Array("{}".utf8)), session: session)
        #expect(otherRequest?.trust == "untrusted" && otherRequest?.trustReason == "request_mismatch")
        #expect(try await send(harness, token: "a.b.c.d.e", session: session)?.trustReason == "malformed")

        #expect(throws: ConfigError.self) { try GatewayHarness(integrity: play.settings) }  // keys not in the environment
    }

    @Test("one token sent with three users' session tokens: only the user it was made for is trusted")
    func boundToTheUser() async throws {
        let harness = try harness()
        let sessions = ["u1", "u2", "u3"].map { harness.token($0) }
        let madeForU1 = try token(session: sessions[0])
        // The others first: were the token spent by u1 first, they would be refused as replays, not as strangers.
        for session in sessions.dropFirst() {
            let row = try await send(harness, token: madeForU1, session: session)
            #expect(row?.trust == "untrusted" && row?.trustReason == "request_mismatch")
        }
        let own = try await send(harness, token: madeForU1, session: sessions[0])
        #expect(own?.user == "u1" && own?.trust == "trusted")
    }

    @Test("a token is taken once: sent again within its age it is untrusted, replayed")
    func usedOnce() async throws {
        let harness = try harness()
        let session = harness.token()
        let token = try token(session: session)
        #expect(try await send(harness, token: token, session: session)?.trust == "trusted")
        let again = try await send(harness, token: token, session: session)
        #expect(again?.trust == "untrusted" && again?.trustReason == "replayed")
        // A degraded verdict is spent the same way.
        let basic = try self.token(session: session, device: ["MEETS_BASIC_INTEGRITY"])
        #expect(try await send(harness, token: basic, session: session)?.trust == "degraded")
        #expect(try await send(harness, token: basic, session: session)?.trustReason == "replayed")
        // The next token the app asks Google for is trusted again.
        #expect(try await send(harness, token: self.token(session: session), session: session)?.trust == "trusted")
    }

    @Test("a fresh-challenge feature needs a challenge in the header and the token, consumed once")
    func freshChallenge() async throws {
        let harness = try harness(freshChallenge: true)
        let session = harness.token()
        let bare = try await send(harness, token: token(session: session), session: session)
        #expect(bare?.trust == "untrusted" && bare?.trustReason == "challenge_missing")

        let issued = try await harness.challenge()
        // Named in the header but not covered by the token: the token is for another request.
        let uncovered = try await send(harness, token: token(session: session), challenge: issued, session: session)
        #expect(uncovered?.trust == "untrusted" && uncovered?.trustReason == "request_mismatch")
        // A token that failed did not spend the challenge.
        #expect(try await send(harness, token: token(session: session, challenge: issued), challenge: issued, session: session)?.trust == "trusted")
        let reused = try await send(harness, token: token(session: session, challenge: issued), challenge: issued, session: session)
        #expect(reused?.trust == "untrusted" && reused?.trustReason == "challenge_invalid")
        let othersChallenge = try await harness.challenge(for: "u2")
        let others = try await send(harness, token: token(session: session, challenge: othersChallenge), challenge: othersChallenge, session: session)
        #expect(others?.trust == "untrusted" && others?.trustReason == "challenge_invalid")
    }

    @Test("the client kit with a Play Integrity provider is trusted: the kit hands the provider the session token it sends")
    func clientKit() async throws {
        let harness = try harness()
        let session = harness.token()
        let client = AssistClient(baseURL: URL(string: "http://127.0.0.1:\(harness.port)")!, accessToken: { session }, integrity: play)
        let stream = client.stream(AssistRequest(feature: "support_chat", input: ["message": "hi"], locale: "en-US"))
        for try await _ in stream {}
        #expect(await harness.auditRow(await stream.responseHead()?.requestId)?.trust == "trusted")
    }
}

@Suite("App Attest registration, end to end, with a real Apple attestation")
struct AppAttestRegistrationTests {
    static let vectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/appattest/uebelack").standardized

    @Test("a real attestation over an issued challenge registers its key; the challenge cannot be used twice")
    func register() async throws {
        let vector = try JSONParser.parse(Array(try Data(contentsOf: Self.vectors.appendingPathComponent("attestation-development.json"))))
        let attestation = try #require(vector["attestation"]?.stringValue), keyId = try #require(vector["keyId"]?.stringValue)
        let challenge = String(decoding: Data(base64Encoded: try #require(vector["challenge"]?.stringValue)) ?? Data(), as: UTF8.self)
        // The attestation's certificates were valid in mid-2024: the gateway's clock says so.
        let clock = ManualWallClock(Date(timeIntervalSince1970: 1_717_200_000))
        let harness = try GatewayHarness(integrity: ["appAttest": ["appId": "V8H6LQ9448.io.uebelacker.AppAttestExample", "environment": "development"]],
                                         clock: clock)
        // The device asked for this challenge (Apple's sample app chose it; our store holds it for u1).
        try harness.assembly.database.query("INSERT INTO integrity_challenges VALUES (?, ?, ?)",
                                            [.text(challenge), .text("u1"), .real(clock.now().timeIntervalSince1970 + 300)])
        func register(_ body: JSONValue, user: String = "u1") async throws -> TestResponse {
            try await testRequest(port: harness.port, method: "POST", path: "/v1/integrity/appattest/register",
                                  headers: [("Authorization", "Bearer \(harness.token(user))")], body: JSONWriter.bytes(body))
        }
        let body: JSONValue = ["keyId": .string(keyId), "attestation": .string(attestation), "challenge": .string(challenge)]
        let first = try await register(body)
        #expect(first.status == 201, "\(first.text)")
        let stored = try await SQLiteDeviceKeyStore(database: harness.assembly.database).key(user: "u1", keyId: Array(Data(base64Encoded: keyId)!))
        #expect(stored?.counter == 0 && stored?.environment == "development")

        let again = try await register(body)
        #expect(again.status == 400)
        #expect(again.errorCode == "attestation_invalid")
        #expect(await harness.auditRow(again.headers["x-request-id"])?.reason == "appattest_register:challenge_invalid")
        #expect(try await register(["keyId": "AAAA", "attestation": "AAAA", "challenge": "c"]).errorCode == "invalid_input")
        #expect(try await register(["keyId": .string(keyId), "attestation": .string(attestation), "challenge": "c", "extra": 1]).status == 400)
    }
}
