public import AssistBudget
public import AssistPostgres

extension BudgetStores {
    /// The budget app's stores of storage kind `shared`: PostgreSQL, once `BudgetSchema.migrations` are applied.
    public static func postgres(_ client: PostgresClient) -> BudgetStores {
        BudgetStores(transactions: PostgresBudgetStore(client: client), conversations: PostgresBudgetConversations(client: client))
    }
}
