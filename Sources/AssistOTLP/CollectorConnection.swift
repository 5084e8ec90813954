import AssistCurl
import CCurl

/// The export thread's line to the collector: one blocking POST at a time through a libcurl easy handle kept
/// between batches, so its connection is reused.
///
/// Blocking is right here, and only here: the handle is driven by the exporter's own thread, never by an event
/// loop or Swift's cooperative pool, so a collector that hangs stalls that thread alone, for at most the timeout.
/// `CurlEasy.make` gives the handle the options every transfer of ours has (no signals: curl's DNS timeouts would
/// otherwise use SIGALRM, which is process-wide; sockets close-on-exec); this type adds the POST, the headers, a
/// discarded response body (curl would write it to standard output), and a progress callback through which
/// `shouldAbort` ends a transfer early: the exporter's shutdown deadline, checked about once a second while a
/// collector keeps silent.
///
/// Not `Sendable`: made, used and freed on the export thread.
final class CollectorConnection {
    /// What a POST came to.
    enum Outcome: Equatable {
        /// A 2xx: the collector took the batch. (A partial success's body, naming rejected spans, is not read.)
        case accepted
        /// Any other status: the batch is lost.
        case refused(status: Int)
        /// No status: connection refused, timed out, reset, or aborted at shutdown; curl's own words.
        case failed(String)
    }

    private let easy: UnsafeMutableRawPointer
    private let headerList: UnsafeMutablePointer<curl_slist>?
    private let shouldAbort: () -> Bool

    /// curl's global state, made once before the first handle (reference counted by curl: the event loops' own
    /// call does not conflict).
    private static let globalInit: Void = { _ = curl_global_init(Int(CURL_GLOBAL_ALL)) }()

    /// A handle for `settings`' endpoint, or nil when curl cannot make one (out of memory).
    init?(settings: OTLPSettings, shouldAbort: @escaping () -> Bool) {
        _ = Self.globalInit
        guard let easy = CurlEasy.make(url: settings.endpoint) else { return nil }
        self.easy = easy
        self.shouldAbort = shouldAbort
        var list: UnsafeMutablePointer<curl_slist>?
        // `Expect:` turns off curl's 100-continue wait (up to a second per request) for bodies over 1 KB.
        var lines = ["Content-Type: \(settings.wireProtocol.contentType)", "Expect:"]
        lines += settings.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        for line in lines { list = curl_slist_append(list, line) ?? list }
        headerList = list
        assist_curl_easy_setopt_long(easy, CURLOPT_POST, 1)
        assist_curl_easy_setopt_ptr(easy, CURLOPT_HTTPHEADER, list)
        assist_curl_easy_setopt_write(easy) { _, size, count, _ in size &* count }
        assist_curl_easy_setopt_long(easy, CURLOPT_NOPROGRESS, 0)
        assist_curl_easy_setopt_xferinfo(easy) { clientp, _, _, _, _ in
            guard let clientp else { return 0 }
            return Unmanaged<CollectorConnection>.fromOpaque(clientp).takeUnretainedValue().shouldAbort() ? 1 : 0
        }
        assist_curl_easy_setopt_ptr(easy, CURLOPT_XFERINFODATA, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
    }

    /// Posts `body` and waits for the collector's answer, for at most `timeout` (connecting included).
    func post(_ body: [UInt8], timeout: Duration) -> Outcome {
        assist_curl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, Int(clamping: max(1, timeout.wholeMilliseconds)))
        let code = body.withUnsafeBytes { raw in
            assist_curl_easy_setopt_off(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(raw.count))
            assist_curl_easy_setopt_ptr(easy, CURLOPT_POSTFIELDS, raw.baseAddress)
            return curl_easy_perform(easy)
        }
        // The body is gone once `withUnsafeBytes` returns: curl must not keep a pointer to it.
        assist_curl_easy_setopt_ptr(easy, CURLOPT_POSTFIELDS, nil)
        guard code == CURLE_OK else {
            if code == CURLE_ABORTED_BY_CALLBACK { return .failed("shut down before the collector answered") }
            return .failed(String(cString: curl_easy_strerror(code)))
        }
        var status = 0
        assist_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        return (200..<300).contains(status) ? .accepted : .refused(status: status)
    }
}
