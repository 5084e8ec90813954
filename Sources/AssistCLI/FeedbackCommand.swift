import AssistGateway
import AssistGatewayEvaluation
import AssistServer
import AssistSQLite
import AssistStores
import AssistWire
import Foundation

/// `assist feedback export [--config FILE] [--data-dir DIR] [--feature F] [--out FILE]`: users' "wrong" verdicts
/// as golden cases (JSON lines, personal data masked) to review and append to the feature's golden set. Read
/// from the data directory's SQLite file, or, when the configuration's storage is `shared`, from PostgreSQL
/// (every replica's feedback).
enum FeedbackCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        guard arguments.first == "export" else { return Usage.fail("feedback supports: export") }
        let options: Options
        do { options = try Options(Array(arguments.dropFirst()), allowed: ["config", "data-dir", "feature", "out"]) } catch { return Usage.fail(error.message) }
        let storage: StorageSettings
        switch loadConfiguration(options["config"]) {
        case .success(let config): storage = config.storage
        case .failure(let error): return Usage.fail("invalid configuration\n\(error.message)")
        }
        let path = URL(fileURLWithPath: options["data-dir"] ?? ".assist").appendingPathComponent("assist.sqlite").path
        guard storage.kind == .shared || FileManager.default.fileExists(atPath: path) else { return Usage.fail("no gateway data at \(path)") }
        let exported: FeedbackExport.Result
        do {
            let store: any FeedbackStore = storage.kind == .shared
                ? try SharedStorage.feedbackStore(storage) : try SQLiteFeedbackStore(database: try SQLiteDatabase(path: path))
            exported = FeedbackExport.goldenCases(try await store.all(), feature: options["feature"], masker: PIIMasking())
        } catch {
            FileHandle.standardError.write(Data("assist: cannot read feedback: \(error)\n".utf8))
            return 1
        }
        let lines = exported.cases.map { JSONWriter.string($0) + "\n" }.joined()
        if let out = options["out"] {
            do { try Data(lines.utf8).write(to: URL(fileURLWithPath: out)) } catch { return Usage.fail("cannot write \(out): \(error)") }
        } else {
            FileHandle.standardOutput.write(Data(lines.utf8))
        }
        var note = "assist: \(exported.cases.count) golden cases exported"
        if exported.withoutInput > 0 { note += "; \(exported.withoutInput) \"wrong\" verdicts skipped (their input was no longer remembered)" }
        FileHandle.standardError.write(Data((note + "\n").utf8))
        return 0
    }
}
