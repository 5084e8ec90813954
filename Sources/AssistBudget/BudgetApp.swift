public import AssistGateway
public import AssistSQLite

/// The budget reference app as the gateway sees it: its stores (the gateway's SQLite file, or PostgreSQL shared by
/// replicas), its structured feature (which gives the demo users their demo spending when they first ask) and its
/// own endpoints.
public enum BudgetApp {
    /// Every name a feature's `template.builder` may use for the budget app.
    public static let knownBuilders: Set<String> = ["budget_question"]

    public static func structuredFeatures(_ stores: BudgetStores, clock: any WallClock = SystemWallClock()) -> [any StructuredFeature] {
        [BudgetQuestionFeature(store: stores.transactions, conversations: stores.conversations, demoSpending: true, clock: clock)]
    }

    /// The budget app's own endpoints: the SMS import.
    public static func endpoints(_ stores: BudgetStores) -> [any AppEndpoint] {
        [BudgetSMSEndpoint(store: stores.transactions)]
    }

    /// The stores of storage kind `sqlite`: the gateway's own file.
    public static func stores(database: SQLiteDatabase) throws -> BudgetStores {
        BudgetStores(transactions: try SQLiteBudgetStore(database: database), conversations: try SQLiteBudgetConversations(database: database))
    }

}
