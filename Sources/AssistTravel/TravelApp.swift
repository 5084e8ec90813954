import AssistGateway
import AssistStores

/// The travel reference app as the gateway sees it: its built-in configuration, its data and its prompt builders.
public enum TravelApp {
    /// The built-in configuration (`Resources/travel-config.json`, compiled into the binary).
    public static var builtinConfigurationBytes: [UInt8] { PackageResources.travel_config_json }

    public static let builderNames: Set<String> = ["itinerary_summary", "support_chat"]

    /// Creates the travel tables in `database`, loads the seed and returns the prompt builders.
    public static func builders(database: SQLiteDatabase) throws -> [any PromptBuilder] {
        let travel = try TravelDatabase(database: database)
        try travel.seed(try TravelData.builtin())
        return [ItinerarySummaryBuilder(travel: travel), SupportChatBuilder(travel: travel)]
    }
}
