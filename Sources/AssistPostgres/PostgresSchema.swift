/// The gateway's tables in PostgreSQL, as migrations (`PostgresMigrator`), one per store as they were added.
///
/// The columns follow the SQLite stores' (`AssistStores`), with PostgreSQL's types: times are `double
/// precision` seconds since 1970 as in SQLite, so a `Date` round-trips exactly; `user` is a reserved word,
/// so users are `user_id`; rows that SQLite orders by `rowid` get an identity column `id` to order by.
public enum PostgresSchema {
    public static let migrations: [PostgresMigration] = [
        PostgresMigration(version: 1, name: "audit_log", sql: """
            CREATE TABLE audit_log (
                request_id text PRIMARY KEY, id bigint GENERATED ALWAYS AS IDENTITY, time double precision NOT NULL,
                user_id text NOT NULL, feature text NOT NULL, prompt_version text NOT NULL, model text NOT NULL,
                trust text NOT NULL, trust_reason text NOT NULL, status text NOT NULL, reason text NOT NULL,
                input_tokens integer NOT NULL, output_tokens integer NOT NULL, ttft_ms double precision,
                total_ms double precision NOT NULL, instance text NOT NULL);
            CREATE INDEX audit_log_time ON audit_log (time, id);
            CREATE INDEX audit_log_open ON audit_log (instance) WHERE status = 'started';
            """),
        PostgresMigration(version: 2, name: "feedback", sql: """
            CREATE TABLE feedback (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, request_id text NOT NULL, user_id text NOT NULL,
                feature text NOT NULL, prompt_version text NOT NULL, verdict text NOT NULL, reason text,
                time double precision NOT NULL, input text, locale text);
            CREATE INDEX feedback_feature ON feedback (feature, prompt_version);
            """),
        PostgresMigration(version: 3, name: "feature_overrides", sql: """
            CREATE TABLE feature_overrides (feature text PRIMARY KEY, enabled boolean, rollout_percentage double precision);
            """),
        PostgresMigration(version: 4, name: "device_keys", sql: """
            CREATE TABLE device_keys (
                user_id text NOT NULL, key_id text NOT NULL, public_key text NOT NULL, counter bigint NOT NULL,
                environment text NOT NULL, PRIMARY KEY (user_id, key_id));
            """),
        PostgresMigration(version: 5, name: "summary_cache", sql: """
            CREATE TABLE summary_cache (key text PRIMARY KEY, text text NOT NULL, stored_at double precision NOT NULL);
            CREATE INDEX summary_cache_stored_at ON summary_cache (stored_at);
            """),
        PostgresMigration(version: 6, name: "availability_counts", sql: """
            CREATE TABLE availability_counts (
                feature text NOT NULL, platform text NOT NULL, state text NOT NULL, count bigint NOT NULL,
                PRIMARY KEY (feature, platform, state));
            """),
        PostgresMigration(version: 7, name: "refusal_counts", sql: """
            CREATE TABLE refusal_counts (
                minute bigint NOT NULL, endpoint text NOT NULL, reason text NOT NULL, address text NOT NULL,
                count bigint NOT NULL, PRIMARY KEY (minute, endpoint, reason, address));
            """),
        // One verdict per request and user: where earlier replicas stored several, the one written last stays.
        PostgresMigration(version: 8, name: "feedback_one_per_request_and_user", sql: """
            DELETE FROM feedback earlier USING feedback later
                WHERE earlier.request_id = later.request_id AND earlier.user_id = later.user_id AND earlier.id < later.id;
            CREATE UNIQUE INDEX feedback_request_user ON feedback (request_id, user_id);
            """),
        // How many personal values the gateway masked in a request's input (never the values).
        PostgresMigration(version: 9, name: "audit_log_masked_values", sql: """
            ALTER TABLE audit_log ADD COLUMN masked_values integer NOT NULL DEFAULT 0;
            """),
        // The request's W3C trace id, so an operator goes from a row to its trace.
        PostgresMigration(version: 10, name: "audit_log_trace_id", sql: """
            ALTER TABLE audit_log ADD COLUMN trace_id text NOT NULL DEFAULT '';
            """),
        // Who answered a request (its model target), after how many attempts, and what it cost.
        PostgresMigration(version: 11, name: "audit_log_target_cost", sql: """
            ALTER TABLE audit_log ADD COLUMN target text;
            ALTER TABLE audit_log ADD COLUMN attempts integer NOT NULL DEFAULT 0;
            ALTER TABLE audit_log ADD COLUMN cost_micros bigint;
            """),
    ]
}
