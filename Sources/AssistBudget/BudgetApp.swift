public import AssistGateway
public import AssistSQLite

/// The budget reference app as the gateway sees it: its tables in the gateway's database, and its structured
/// feature (which gives the demo users their demo spending when they first ask) and its own endpoints.
public enum BudgetApp {
    /// Every name a feature's `template.builder` may use for the budget app.
    public static let knownBuilders: Set<String> = ["budget_question"]

    public static func structuredFeatures(database: SQLiteDatabase) throws -> [any StructuredFeature] {
        [BudgetQuestionFeature(store: try TransactionStore(database: database), conversations: try BudgetConversations(database: database),
                               demoSpending: true)]
    }

    /// The budget app's own endpoints: the SMS import.
    public static func endpoints(database: SQLiteDatabase) throws -> [any AppEndpoint] {
        [BudgetSMSEndpoint(store: try TransactionStore(database: database))]
    }
}
