import AssistClient
import AssistCrypto
import AssistWire
import Foundation
import Testing

/// The Swift kit against `conformance/responses.json`, `routes.json` and `integrity.json`: what a response becomes,
/// where a feature runs, and what an integrity proof signs. The Android kit runs the same files.
@Suite("Client conformance cases")
struct ClientConformanceTests {
    struct Item: Sendable, CustomTestStringConvertible {
        var json: JSONValue
        var testDescription: String { json["name"]?.stringValue ?? "\(json)" }
    }

    static let responses = Conformance.cases("responses.json").map(Item.init)
    static let routes = Conformance.cases("routes.json").map(Item.init)
    static let integrity = Conformance.cases("integrity.json").map(Item.init)

    @Test("every file is there, with its cases")
    func filesLoad() {
        #expect(Self.responses.count >= 19 && Self.routes.count == 72 && Self.integrity.count >= 5)
        // Rows with and without `privateCloud`, and each route among the expected ones.
        #expect(Self.routes.contains { $0.json["privateCloud"]?.boolValue == true })
        #expect(Self.routes.contains { $0.json["privateCloud"]?.boolValue == false })
        #expect(Self.routes.contains { $0.json["privateCloud"] == nil })
        #expect(Set(Self.routes.compactMap { $0.json["route"]?.stringValue }) == ["private_cloud", "on_device", "server", "hidden"])
    }

    @Test("a response becomes the outcome the suite says", arguments: responses)
    func response(_ item: Item) async throws {
        let json = item.json
        let now = try #require(Conformance.document("responses.json")?["now"]?.stringValue.flatMap { ISO8601DateFormatter().date(from: $0) })
        // The transport hands header names over in lower case (HTTP field names are case-insensitive).
        let headers = Dictionary(uniqueKeysWithValues: (json["headers"]?.objectValue ?? [:]).map { ($0.key.lowercased(), $0.value.stringValue ?? "") })
        let status = try #require(json["status"]?.intValue)
        let body = Data((json["body"]?.stringValue ?? "").utf8)
        let transport = FakeTransport(.init(status: status, headers: headers, pieces: [body]))
        var events: [AssistEvent] = []
        var failure: AssistClientError?
        do {
            for try await event in client(transport, now: now).stream(summaryRequest) { events.append(event) }
        } catch let error as AssistClientError {
            failure = error
        }
        let expected = try #require(json["expected"])
        if let text = expected["text"]?.stringValue {
            #expect(events.map { if case .delta(let piece) = $0 { piece } else { "" } }.joined() == text)
        }
        switch (expected["outcome"]?.stringValue, events.last, failure) {
        case ("done", .done(let reason, let version, let cached, let source, let withheld)?, nil):
            let done = expected["done"]
            #expect(reason == done?["finishReason"]?.stringValue && version == done?["promptVersion"]?.stringValue)
            #expect(cached == done?["cached"]?.boolValue && source?.rawValue == done?["source"]?.stringValue && withheld == done?["withheld"]?.intValue)
            let facts = events.compactMap { if case .facts(let facts) = $0 { facts } else { nil } }.first
            #expect((facts ?? .null) == (expected["facts"] ?? .null))
        case ("error", _, let error?):
            #expect(error.code.rawValue == expected["code"]?.stringValue)
            #expect(Self.kind(of: error) == expected["error"]?.stringValue)
            if let status = expected["status"]?.intValue, case .http(let actual, _) = error { #expect(actual == status) }
            if let hides = expected["hidesFeature"]?.boolValue { #expect(error.hidesFeature == hides) }
            if let seconds = expected["retryAfterSeconds"] {
                #expect(error.retryAfter.map { Int($0.timeIntervalSince(now).rounded()) } == seconds.intValue)
            }
        default:
            Issue.record("expected \(expected["outcome"] ?? .null), got \(events.last.map { "\($0)" } ?? "no event") and \(failure.map { "\($0)" } ?? "no error")")
        }
    }

    static func kind(of error: AssistClientError) -> String {
        switch error {
        case .unauthenticated: "unauthenticated"
        case .rateLimited: "rate_limited"
        case .unavailable: "unavailable"
        case .http: "http"
        case .stream: "stream"
        case .incomplete: "incomplete"
        case .transport: "transport"
        }
    }

    @Test("private cloud × availability × server fallback × online → private cloud, on-device, server or hidden", arguments: routes)
    func route(_ item: Item) throws {
        let json = item.json
        let availability = try #require(json["availability"]?.stringValue.flatMap(ModelAvailability.init(rawValue:)))
        let online = try #require(json["online"]?.boolValue as Bool?)
        // A row without `privateCloud` is one from before it: no private cloud model.
        var privateCloud = false
        if let value = json["privateCloud"] { privateCloud = try #require(value.boolValue as Bool?) }
        let decider = RouteDecider(availability: FixedAvailability(state: availability, privateCloud: privateCloud), isOnline: { online })
        let fallback = try #require(json["serverFallback"]?.boolValue as Bool?)
        let route = decider.route(feature: "itinerary_summary", serverFallbackAvailable: fallback, locale: "en-US")
        #expect(route.rawValue == json["route"]?.stringValue)
    }

    @Test("method, path, body, session token and challenge → the bytes to sign and their SHA-256", arguments: integrity)
    func clientData(_ item: Item) throws {
        let json = item.json
        let body = try #require(json["body"]?.stringValue.flatMap { Data(base64Encoded: $0) })
        let method = try #require(json["method"]?.stringValue), path = try #require(json["path"]?.stringValue)
        let sessionToken = try #require(json["sessionToken"]?.stringValue)
        let text = IntegrityClientData.make(method: method, path: path, bodySHA256Base64: Data(Digest.sha256(body)).base64EncodedString(),
                                            sessionSHA256Base64: Data(Digest.sha256(Array(sessionToken.utf8))).base64EncodedString(),
                                            challenge: json["challenge"]?.stringValue)
        #expect(text == json["clientData"]?.stringValue)
        let digest = Digest.sha256(Array(text.utf8))
        #expect(digest.map { String(format: "%02x", $0) }.joined() == json["sha256Hex"]?.stringValue)
        #expect(Base64URL.encode(digest) == json["requestHash"]?.stringValue)
    }
}
