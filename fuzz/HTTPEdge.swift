// libFuzzer target: the HTTP edge's request check (HeadParser, FieldLines, ChunkedBody, EdgeDecision), compiled
// from its source files (Sources/AssistHTTPServer/Edge; they import nothing). Input: [split selector][flags]
// [request bytes]. Beyond no crash and no hang:
// - a handed-on head lies within the bytes and names a method and a target;
// - a refusal is final: if the bytes up to the split are refused, the whole is refused too (the edge refuses
//   the moment a byte can never be part of a valid request, so more bytes cannot make it valid);
// - a prefix that ends inside the head is never handed on.
private let limits = EdgeDecision.Limits(maxHeaderBytes: 8192, maxHeaderFields: 64, maxCookieBytes: 2048, maxBodyBytes: 16 * 1024,
                                         window: 16 * 1024 + 8192 + 1)

private func decide(_ bytes: ArraySlice<UInt8>, peerFinished: Bool) -> EdgeDecision {
    Array(bytes).withUnsafeBufferPointer { EdgeDecision.decide($0, peerFinished: peerFinished, limits: limits) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 2 else { return 0 }
    let input = UnsafeBufferPointer(start: data, count: size)
    let request = Array(input[2...])[...]
    let peerFinished = input[1] & 1 == 1
    let split = request.isEmpty ? 0 : Int(input[0]) * request.count / 255

    let whole = decide(request, peerFinished: peerFinished)
    if case .handOver(let head, _) = whole {
        guard head.length <= request.count, !head.method.isEmpty, !head.target.isEmpty else {
            fatalError("handed on a head outside the bytes or without method and target: \(head)")
        }
        if head.length > 1, case .handOver = decide(request.prefix(head.length - 1), peerFinished: false) {
            fatalError("handed on a prefix that ends inside the head")
        }
    }
    if case .reject = decide(request.prefix(split), peerFinished: false) {
        guard case .reject = decide(request, peerFinished: false) else {
            fatalError("the first \(split) bytes are refused, but all \(request.count) are not")
        }
    }
    return 0
}
