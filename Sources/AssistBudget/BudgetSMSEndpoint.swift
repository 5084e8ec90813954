public import AssistGateway
public import AssistWire

/// `POST /v1/budget/sms` `{"messages": [String], "dryRun"?: Bool}` for the signed-in user: bank SMS messages into
/// their transactions (`SMSImport`). Answers the counts, each message's transaction (by its index from 1, with
/// `stored`, `duplicate`, or with `dryRun` `would_store`), and the messages not understood, by index, never guessed.
public struct BudgetSMSEndpoint: AppEndpoint {
    public let path = "/v1/budget/sms"
    public let auditName = "budget_sms_import"
    let importer: SMSImport

    public init(store: any BudgetStore) { importer = SMSImport(store: store) }

    public func handle(user: String, body: [String: JSONValue]) async throws(GatewayError) -> (answer: JSONValue, summary: String) {
        if let unknown = body.keys.sorted().first(where: { !["messages", "dryRun"].contains($0) }) { throw .invalidInput("\(unknown): unknown field") }
        guard let items = body["messages"]?.arrayValue, !items.isEmpty, items.count <= SMSImport.maxMessages else {
            throw .invalidInput("messages: 1 to \(SMSImport.maxMessages) strings")
        }
        let messages = try items.enumerated().map { index, item throws(GatewayError) -> String in
            guard let text = item.stringValue else { throw .invalidInput("messages[\(index)]: must be a string") }
            return text
        }
        let dryRun: Bool
        switch body["dryRun"] {
        case nil: dryRun = false
        case .bool(let value)?: dryRun = value
        default: throw .invalidInput("dryRun: must be true or false")
        }
        let lines: [SMSImport.Line]
        do {
            lines = try await importer.run(messages, user: user, dryRun: dryRun)
        } catch {
            throw .unavailable("budget store")
        }
        var transactions: [JSONValue] = [], rejected: [JSONValue] = []
        var stored = 0, duplicates = 0
        for line in lines {
            switch line.outcome {
            case .stored(let t):
                stored += 1
                transactions.append(Self.json(t, line: line.number, status: dryRun ? "would_store" : "stored"))
            case .duplicate(let t):
                duplicates += 1
                transactions.append(Self.json(t, line: line.number, status: "duplicate"))
            case .rejected(let reason):
                rejected.append(["line": .number(Double(line.number)), "reason": .string(reason)])
            }
        }
        let answer: JSONValue = ["stored": .number(Double(dryRun ? 0 : stored)), "wouldStore": .number(Double(dryRun ? stored : 0)),
                                 "duplicates": .number(Double(duplicates)), "rejected": .array(rejected), "transactions": .array(transactions)]
        return (answer, "stored=\(dryRun ? 0 : stored) duplicates=\(duplicates) rejected=\(rejected.count)\(dryRun ? " dry_run" : "")")
    }

    static func json(_ t: Transaction, line: Int, status: String) -> JSONValue {
        ["line": .number(Double(line)), "date": .string(t.date), "merchant": .string(t.merchant), "category": .string(t.category),
         "amountMinor": .number(Double(t.amountMinor)), "currency": "TRY", "status": .string(status)]
    }
}
