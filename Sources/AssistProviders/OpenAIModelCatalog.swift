public import AssistGateway
import AssistWire
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `GET {baseURL}/models` of an OpenAI-compatible server (llama-server, vLLM, a hosted API): the ids in `data`.
/// Rarely called (once per alias, see `ModelIdentities`), so a plain URLSession request, with a short timeout.
public struct OpenAIModelCatalog: ModelCatalog {
    /// Seconds to wait for the answer.
    public let timeout: Double

    public init(timeout: Double = 2) { self.timeout = timeout }

    public func modelIds(baseURL: String, apiKey: String?) async throws -> [String] {
        guard let url = URL(string: baseURL.hasSuffix("/") ? baseURL + "models" : baseURL + "/models") else {
            throw ProviderError.protocolViolation("not a URL: \(baseURL)")
        }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        if let apiKey { request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200, case .array(let models)? = try JSONParser.parse(Array(data))["data"] else {
            throw ProviderError.protocolViolation("GET \(url.path) did not list models")
        }
        return models.compactMap { $0["id"]?.stringValue }
    }
}
