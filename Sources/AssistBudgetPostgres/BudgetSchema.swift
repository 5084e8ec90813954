public import AssistPostgres

/// The budget app's tables in PostgreSQL, as migrations run with the gateway's own (`SharedStorage` passes them to
/// `PostgresMigrator`, under its advisory lock, so replicas starting together migrate once). Numbered from 1001:
/// the gateway's own migrations count up from 1 and never meet them. Columns follow the SQLite stores', with
/// `user_id` for `user` and an identity `id` where SQLite orders by `rowid`.
public enum BudgetSchema {
    public static let migrations: [PostgresMigration] = [
        PostgresMigration(version: 1001, name: "budget_transactions_sms_conversations", sql: """
            CREATE TABLE budget_transactions (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, user_id text NOT NULL, date text NOT NULL,
                merchant text NOT NULL, category text NOT NULL, amount_minor bigint NOT NULL);
            CREATE INDEX budget_transactions_user_date ON budget_transactions (user_id, date);
            CREATE TABLE budget_sms (user_id text NOT NULL, hash text NOT NULL, PRIMARY KEY (user_id, hash));
            CREATE TABLE budget_conversations (
                user_id text NOT NULL, id text NOT NULL, question text NOT NULL, updated double precision NOT NULL,
                PRIMARY KEY (user_id, id));
            CREATE INDEX budget_conversations_updated ON budget_conversations (updated);
            """),
    ]
}
