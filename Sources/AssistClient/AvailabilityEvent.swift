import AssistWire
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension AssistClient {
    /// Sends an availability report to `POST /v1/events`; throws the gateway's refusal.
    public func report(_ event: AvailabilityEvent) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("v1/events"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(try await accessToken())", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(JSONWriter.bytes(event.json))
        var status = 0, headers: [String: String] = [:], body = Data()
        do {
            for try await part in transport.send(request) {
                switch part {
                case .head(let code, let fields): (status, headers) = (code, fields)
                case .body(let data): body.append(data)
                }
            }
        } catch let error as TransportError {
            throw AssistClientError.transport(error)
        }
        guard (200..<300).contains(status) else {
            throw AssistClientError.from(status: status, headers: headers, body: body, now: clock())
        }
    }
}
