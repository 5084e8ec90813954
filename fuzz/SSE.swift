// libFuzzer target: AssistWire's SSEDecoder. Input: [split selector][line-limit selector][stream bytes].
// The stream is decoded three ways — whole, cut once at the fuzzer-chosen point, and one byte at a time —
// and all three must agree: the same events, the same last event id, and a too-long line refused by all
// or by none (chunk boundaries may fall anywhere, even inside a CRLF pair, a BOM or a UTF-8 sequence).
import AssistWire

private struct Outcome: Equatable {
    var events: [SSEDecoder.Event] = []
    var lastId: String?
    var tooLong = false
}

private func decode(_ stream: ArraySlice<UInt8>, cuts: [Int], maxLineBytes: Int) -> Outcome {
    var decoder = SSEDecoder(maxLineBytes: maxLineBytes)
    var outcome = Outcome()
    var start = stream.startIndex
    for cut in cuts + [stream.endIndex] {
        do {
            outcome.events += try decoder.feed(stream[start..<cut])
        } catch {
            outcome.tooLong = true
            // Events completed earlier in the chunk that threw are lost with the error; compare none.
            outcome.events = []
            return outcome
        }
        start = cut
    }
    decoder.finish()
    // After finish, a fresh blank line must not resurrect the discarded event.
    if (try? decoder.feed([0x0A, 0x0A]))?.isEmpty != true { fatalError("an event survived finish()") }
    outcome.lastId = decoder.lastId
    return outcome
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 2 else { return 0 }
    let input = UnsafeBufferPointer(start: data, count: size)
    let stream = Array(input[2...])[...]
    let split = stream.isEmpty ? 0 : Int(input[0]) % (stream.count + 1)
    // 0 keeps the default (1 MiB); otherwise a small limit so the too-long path is reachable.
    let maxLineBytes = input[1] == 0 ? 1 << 20 : Int(input[1])

    let whole = decode(stream, cuts: [], maxLineBytes: maxLineBytes)
    let cut = decode(stream, cuts: [split], maxLineBytes: maxLineBytes)
    guard whole == cut else { fatalError("split at \(split) changed the outcome: \(whole) vs \(cut)") }
    if !stream.isEmpty {
        let bytewise = decode(stream, cuts: Array(1..<stream.count), maxLineBytes: maxLineBytes)
        guard whole == bytewise else { fatalError("byte-at-a-time feed changed the outcome: \(whole) vs \(bytewise)") }
    }
    for event in whole.events where event.type.isEmpty { fatalError("event with an empty type") }
    return 0
}
