import AssistGateway
import AssistLocalModel
import Foundation

/// The embedded llama-server as `serve` and `model` start it: supervised, its log and pid file in the data
/// directory (so the next start on that directory stops a child an earlier run left behind), healthy before
/// this returns.
enum EmbeddedModelProcess {
    /// The started supervisor, or nil after logging why it could not start.
    static func start(dataDirectory: URL, port: Int, log: (String) -> Void) async -> LlamaServerSupervisor? {
        var settings = EmbeddedModel.configuration(port: port)
        try? PrivateDirectory.prepare(dataDirectory)
        settings.logFile = dataDirectory.appendingPathComponent("llama-server.log").path
        settings.pidFile = dataDirectory.appendingPathComponent("llama-server.pid").path
        let llama = LlamaServerSupervisor(configuration: settings)
        log("starting embedded llama-server on port \(settings.port) …")
        do {
            try await llama.start()
        } catch {
            log("\(error)")
            return nil
        }
        return llama
    }
}
