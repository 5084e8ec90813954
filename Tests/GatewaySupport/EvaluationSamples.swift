public import AssistEvaluation
import AssistGateway
public import AssistGatewayEvaluation
import AssistServer
import AssistWire
public import Foundation

/// Hand-made summaries of the travel bookings (`Tests/Fixtures/evaluation`): good ones that must pass every
/// check, and bad ones that each break exactly the check they name.
public enum EvaluationSamples {
    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/evaluation").standardized
    public static let goldenSet = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../golden/itinerary_summary.jsonl").standardized

    /// booking id → language → summary.
    public static func good() throws -> [String: [String: String]] {
        let json = try JSONParser.parse(Array(try Data(contentsOf: directory.appendingPathComponent("itinerary_good.json"))))
        return (json.objectValue ?? [:]).mapValues { ($0.objectValue ?? [:]).compactMapValues(\.stringValue) }
    }

    public struct Bad: Sendable {
        public var booking: String
        public var locale: String
        public var breaks: String
        public var text: String
    }

    public static func bad() throws -> [Bad] {
        let text = try String(contentsOf: directory.appendingPathComponent("itinerary_bad.jsonl"), encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let json = try JSONParser.parse(String(line))
            return Bad(booking: json["booking"]?.stringValue ?? "", locale: json["locale"]?.stringValue ?? "",
                       breaks: json["breaks"]?.stringValue ?? "", text: json["text"]?.stringValue ?? "")
        }
    }
}

/// The evaluation over the built-in configuration and travel data, in a scratch directory.
public final class EvaluationFixture: Sendable {
    public let evaluation: GoldenEvaluation
    public let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-eval-test-\(UUID().uuidString)")

    public init(upstream: String = "http://127.0.0.1:9/v1") throws {
        let assembly = try GatewayAssembly(config: try GatewayAssembly.loadConfig(nil).overridingUpstream(upstream), dataDirectory: directory)
        evaluation = GoldenEvaluation(config: assembly.config, handlers: assembly.dependencies.handlers, models: assembly.dependencies.models)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The facts of `booking` as the gateway sends them, read through the itinerary prompt builder.
    public func reference(booking: String, locale: String = "en-US") async throws -> BookingReference {
        let owner = try TravelOwners.owner(of: booking)
        let item = GoldenCase(id: booking, text: "", locale: locale, expected: [:],
                              extra: ["input": ["bookingId": .string(booking)], "user": .string(owner)])
        let feature = try evaluation.feature("itinerary_summary")
        guard case .success(let prompt) = await evaluation.prompt(for: item, feature: feature),
              let reference = GoldenEvaluation.reference(prompt) else { throw FixtureError("no facts for \(booking)") }
        return reference
    }
}

public struct FixtureError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Which user owns which booking, from the golden set (each case names the owner).
public enum TravelOwners {
    public static func owner(of booking: String) throws -> String {
        for item in try GoldenSet.load(EvaluationSamples.goldenSet) where item.input?["bookingId"]?.stringValue == booking {
            if let user = item.extra["user"]?.stringValue { return user }
        }
        throw FixtureError("no golden case for \(booking)")
    }
}
