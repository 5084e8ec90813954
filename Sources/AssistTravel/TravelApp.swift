public import AssistGateway
public import AssistSQLite
import AssistGatewayEvaluation
import AssistWire

/// The travel reference app as the gateway sees it: its built-in configuration, its data and its prompt builders.
public enum TravelApp {
    /// The built-in configuration (`Resources/travel-config.json`, compiled into the binary).
    public static var builtinConfigurationBytes: [UInt8] { PackageResources.travel_config_json }

    /// The qualification results that go with it (`golden/qualification.json`, compiled in): the embedded
    /// model's recorded pass rates, per feature, locale and prompt version.
    public static var builtinQualificationBytes: [UInt8] { PackageResources.qualification_json }

    /// The prompt builders' names (see `builders`).
    public static let builderNames: Set<String> = ["itinerary_summary", "support_chat"]

    /// What guarded features' answers are held to: the evaluation's checks, live (`PropertyCheckGuard`).
    public static let answerChecks: any AnswerChecks = PropertyCheckGuard()

    /// Structured features of the travel app (`POST /v1/assist`).
    public static let structuredFeatures: [any StructuredFeature] = [SmartSearchFeature(), SupportTriageFeature()]

    /// Every name a feature's `template.builder` may use: the prompt builders and the structured handlers.
    public static var knownBuilders: Set<String> { builderNames.union(structuredFeatures.map(\.name)) }

    /// The builders the built-in configuration names: the travel app's, and the budget app's `budget_question`,
    /// which the gateway serves beside them (for loading the configuration where the budget app is not linked).
    public static var builtinConfigurationBuilders: Set<String> { knownBuilders.union(["budget_question"]) }

    /// Creates the travel tables in `database`, loads the seed and returns the prompt builders.
    public static func builders(database: SQLiteDatabase) throws -> [any PromptBuilder] {
        let travel = try TravelDatabase(database: database)
        try travel.seed(try TravelData.builtin())
        return [ItinerarySummaryBuilder(travel: travel), SupportChatBuilder(travel: travel)]
    }
}

extension TravelApp {
    /// The travel data's users as the browser demo logs them in (`assist serve --demo`), each with their bookings
    /// as a list: id, status and route by airport codes ("IST → FCO → IST").
    public static func demoUsers() throws -> [DemoLogin.User] {
        let data = try TravelData.builtin()
        return data.users.map { user in
            let bookings = data.bookings.filter { $0.userId.sameBytes(as: user.id) }.map { booking -> JSONValue in
                let stops = booking.segments.prefix(1).map(\.from) + booking.segments.map(\.to)
                return ["id": .string(booking.id), "status": .string(booking.status), "route": .string(stops.joined(separator: " → "))]
            }
            return DemoLogin.User(id: user.id, name: user.name, locale: user.locale, bookings: .array(bookings))
        }
    }
}
