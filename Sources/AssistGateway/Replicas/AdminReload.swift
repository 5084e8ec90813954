import AssistHTTP
import AssistWire

/// `POST /admin/reload`'s work, shared by the endpoint and by `ReplicaSync` (a reload made on another replica):
/// re-read this gateway's configuration file and its qualification results, and serve them from now on.
enum AdminReload {
    /// Reads and validates the file; returns how many features it now serves. Refuses (and changes nothing)
    /// without a file (409), with an invalid one, or with a feature on a model alias this gateway was not
    /// started with (400: models, limits and auth are wired at start-up).
    static func apply(_ dependencies: GatewayDependencies) throws(GatewayError) -> Int {
        guard let read = dependencies.reloadConfiguration else {
            throw GatewayError(status: 409, code: .invalidRequest,
                               message: "the gateway runs on its built-in configuration; start it with --config FILE to reload")
        }
        let config: GatewayConfig
        do {
            config = try read()
        } catch {
            throw .invalidInput("configuration not reloaded: \(error)")
        }
        if let orphan = config.features.values.sorted(by: { $0.id < $1.id }).first(where: { dependencies.config.models[$0.model] == nil }) {
            throw .invalidInput("configuration not reloaded: features.\(orphan.id).model: \(orphan.model) needs a restart")
        }
        if let issue = dependencies.handlers.guardIssues(config.features).first {
            throw .invalidInput("configuration not reloaded: \(issue)")
        }
        var results: QualificationResults?
        do {
            results = try dependencies.readQualification?()
        } catch {
            throw .invalidInput("configuration not reloaded: qualification results: \(error)")
        }
        dependencies.state.registry.replaceRecords(config.features)
        if let results { dependencies.qualification.replace(results) }
        return config.features.count
    }
}
