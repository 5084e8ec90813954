// libFuzzer target: the server's HTTP/1.1 connection machine (HTTP1Connection with the edge's parsers), compiled
// from its source files (Sources/AssistHTTPServer/Connection and Edge; they import nothing). Input:
// [split selector][answer flags][connection bytes]. The bytes are fed whole and again in two pieces cut at the
// selector; each delivered request is answered (bit 0 of the flags: streamed in two pieces, else whole bytes;
// bit 1: the client sends a FIN after its bytes). Beyond no crash and no hang:
// - how the bytes are cut changes nothing: the same requests are delivered, in order, and a refusal either way
//   (its reason may differ: a byte no head may contain is refused as it arrives, before its line is whole);
// - a delivered body is within the cap, or flagged and empty;
// - nothing comes out of a connection after it closed, and it closes at most once.
private let limits = HTTP1Connection.Limits(maxHeaderBytes: 8192, maxHeaderFields: 64, maxCookieBytes: 2048, maxBodyBytes: 16 * 1024,
                                            maxBufferedBytes: 32 * 1024)

private struct Outcome: Equatable {
    var requests: [HTTP1Connection.Request] = []
    var refused = false
}

private func run(_ pieces: [ArraySlice<UInt8>], flags: UInt8) -> Outcome {
    var connection = HTTP1Connection(limits: limits) { rejection in Array("refused \(rejection.status) \(rejection.message)".utf8) }
    var outcome = Outcome()
    var closed = false
    var queue: [HTTP1Connection.Action] = []
    func perform(_ actions: [HTTP1Connection.Action]) {
        queue += actions
        while !queue.isEmpty {
            let action = queue.removeFirst()
            if closed { fatalError("an action after the connection closed: \(action)") }
            switch action {
            case .deliver(let request):
                if request.bodyTooLarge ? !request.body.isEmpty : request.body.count > limits.maxBodyBytes {
                    fatalError("a body of \(request.body.count) bytes, flagged \(request.bodyTooLarge)")
                }
                outcome.requests.append(request)
                if flags & 1 == 1 {
                    queue += connection.respond(status: 200, reason: "OK", headers: [("Content-Type", "text/plain")], body: .stream, date: "-")
                    queue += connection.sendBody(Array("one".utf8))
                    queue += connection.sendBody(Array("two".utf8))
                    queue += connection.endBody()
                } else {
                    queue += connection.respond(status: 200, reason: "OK", headers: [], body: .bytes(Array("ok".utf8)), date: "-")
                }
            case .write(let bytes) where bytes.starts(with: Array("refused".utf8)):
                outcome.refused = true
            case .close, .lingerAndClose:
                closed = true
            default:
                break
            }
        }
    }
    for piece in pieces { perform(connection.received(piece)) }
    if flags & 2 == 2 { perform(connection.peerClosed()) }
    return outcome
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 2 else { return 0 }
    let input = UnsafeBufferPointer(start: data, count: size)
    let bytes = Array(input[2...])[...]
    let split = bytes.isEmpty ? 0 : Int(input[0]) * bytes.count / 255
    let whole = run([bytes], flags: input[1])
    let cut = run([bytes.prefix(split), bytes.dropFirst(split)], flags: input[1])
    guard whole == cut else {
        fatalError("cutting the bytes at \(split) changed the outcome: \(whole.requests.count) requests, refused \(whole.refused) whole; "
                   + "\(cut.requests.count), refused \(cut.refused) cut")
    }
    return 0
}
