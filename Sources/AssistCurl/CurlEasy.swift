public import CCurl

/// What every transfer of ours does with its easy handle, the provider's and the client kit's alike: the same
/// options when it is made, the same order when it goes.
public enum CurlEasy {
    /// A new easy handle for `url`, or nil if curl refuses: no signals (curl runs on a loop's thread), sockets
    /// close-on-exec (a child process must never hold a connection open), Nagle off (events are small and
    /// latency-bound), and 10 s to connect.
    public static func make(url: String) -> UnsafeMutableRawPointer? {
        guard let easy = curl_easy_init() else { return nil }
        assist_curl_easy_setopt_ptr(easy, CURLOPT_URL, url)
        assist_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        assist_curl_easy_set_cloexec(easy)
        assist_curl_easy_setopt_long(easy, CURLOPT_TCP_NODELAY, 1)
        assist_curl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, 10_000)
        return easy
    }

    /// The bytes a write or header callback got from curl (`size` × `count` at `data`), handed to `receive`, whose
    /// return is the callback's: 0 when curl passed no data.
    public static func bytes(_ data: UnsafeMutablePointer<CChar>?, size: Int, count: Int,
                             _ receive: (UnsafeBufferPointer<UInt8>) -> Int) -> Int {
        guard let data else { return 0 }
        return data.withMemoryRebound(to: UInt8.self, capacity: size * count) { receive(UnsafeBufferPointer(start: $0, count: size * count)) }
    }

    /// Removes `easy` from `multi` (closing its connection if the transfer still runs), frees it and its header
    /// list. Each argument may be nil: what was never made is not freed.
    public static func release(_ easy: UnsafeMutableRawPointer?, from multi: UnsafeMutableRawPointer, headers: UnsafeMutablePointer<curl_slist>?) {
        if let easy {
            curl_multi_remove_handle(multi, easy)
            curl_easy_cleanup(easy)
        }
        curl_slist_free_all(headers)
    }
}
