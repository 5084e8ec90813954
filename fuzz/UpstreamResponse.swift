// libFuzzer target: the loop client's response reader (ResponseReader and ChunkedDecoder, compiled from their source
// files in Sources/AssistUpstream/Reading; they import nothing). Input: [split selector][response bytes]. The bytes
// are read whole, cut once at the selector, and one byte at a time; beyond no crash and no hang:
// - how the bytes are cut changes nothing: the same head, body, completion, bytes used (of a read that did not fail),
//   and failure;
// - the body is never longer than the bytes after the head, and a complete response used no more than it was given;
// - a Content-Length body is exactly that long once complete.

private struct Outcome: Equatable {
    var head: ResponseReader.Head?
    var body: [UInt8] = []
    var complete = false
    var used = 0
    var failure: ResponseReader.Failure?
    var closedFailure: ResponseReader.Failure?
}

private func read(_ bytes: ArraySlice<UInt8>, cuts: [Int]) -> Outcome {
    var reader = ResponseReader(maxHeadBytes: 2048)
    var outcome = Outcome()
    var start = bytes.startIndex
    for cut in cuts + [bytes.endIndex] where cut >= start {
        let piece = Array(bytes[start..<cut])
        do {
            let used = try piece.withUnsafeBufferPointer { try reader.feed($0) { outcome.body += $0 } }
            if used > piece.count { fatalError("used \(used) of \(piece.count) bytes") }
            outcome.used += used
            if used < piece.count {
                if !reader.isComplete { fatalError("stopped short of its bytes before the response's end") }
                break
            }
        } catch let error as ResponseReader.Failure {
            outcome.failure = error
            outcome.used = 0  // how far a failing read got before it threw depends on the cut
            break
        } catch {
            fatalError("an error the reader does not throw: \(error)")
        }
        start = cut
    }
    outcome.head = reader.head
    outcome.complete = reader.isComplete
    if outcome.failure == nil {
        do { try reader.closed() } catch { outcome.closedFailure = error }
    }
    return outcome
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 1 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))[...]
    let split = bytes.startIndex + Int(data[0]) % (bytes.count + 1)
    let whole = read(bytes, cuts: [])
    let cut = read(bytes, cuts: [split])
    let byByte = read(bytes, cuts: Array(bytes.indices.dropFirst()))
    if whole != cut || whole != byByte { fatalError("cutting the bytes changed the outcome:\n\(whole)\n\(cut)\n\(byByte)") }
    if whole.body.count > bytes.count { fatalError("a body longer than the input") }
    if whole.complete, case .length(let length)? = whole.head?.framing, whole.body.count != length {
        fatalError("a complete body of \(whole.body.count) bytes for a length of \(length)")
    }
    return 0
}
