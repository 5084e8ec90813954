import CLibPQ
import Foundation

/// What every use of libpq here shares: the connection parameters, and reading a result's rows, a result's
/// error and a connection's message into this module's types.
enum PostgresLibPQ {
    /// Starts connecting to `url` without blocking (`PQconnectStartParams`; `PQconnectPoll` goes on). Options
    /// the URL leaves out get these defaults: UTF-8, and TCP keepalives that notice a vanished server within
    /// about 20 s even when idle. Nil only when libpq is out of memory.
    static func startConnecting(url: String, connectTimeoutSeconds: Int, applicationName: String) -> OpaquePointer? {
        // Earlier entries are defaults: the URL, expanded in place of `dbname`, overrides them.
        let settings: [(String, String)] = [
            ("connect_timeout", String(max(2, connectTimeoutSeconds))), ("application_name", applicationName),
            ("client_encoding", "UTF8"), ("keepalives", "1"), ("keepalives_idle", "10"), ("keepalives_interval", "3"),
            ("keepalives_count", "3"), ("dbname", url),
        ]
        let keywords = settings.map { strdup($0.0) } + [nil]
        let values = settings.map { strdup($0.1) } + [nil]
        defer { for pointer in keywords + values { free(pointer) } }
        return keywords.withUnsafeBufferPointer { keywords in
            values.withUnsafeBufferPointer { values in
                keywords.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: keywords.count) { k in
                    values.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: values.count) { v in
                        PQconnectStartParams(k, v, 1)
                    }
                }
            }
        }
    }

    /// A result's rows, each column as the server's text output.
    static func rows(of result: OpaquePointer) -> [PostgresRow] {
        let (count, columns) = (PQntuples(result), PQnfields(result))
        var rows: [PostgresRow] = []
        rows.reserveCapacity(Int(count))
        for row in 0..<count {
            rows.append(PostgresRow((0..<columns).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            }))
        }
        return rows
    }

    /// A refused statement's error: its SQLSTATE and primary message, never the DETAIL that may quote values.
    static func error(of result: OpaquePointer) -> PostgresError {
        let state = assist_pq_sqlstate(result).map { String(cString: $0) }
        let message = assist_pq_primary_message(result).map { String(cString: $0) } ?? String(cString: PQresultErrorMessage(result))
        return PostgresError(.server, message.trimmingCharacters(in: .whitespacesAndNewlines), sqlState: state)
    }

    /// The connection's last error message.
    static func message(of handle: OpaquePointer) -> String {
        String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
