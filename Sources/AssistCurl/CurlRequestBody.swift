import CCurl

/// A request body curl sends from our memory (`CURLOPT_POSTFIELDS`, which copies nothing), given back as soon as
/// curl cannot need it again: all of it sent and a final response begun. curl sends a body again only to retry a
/// request that got no response at all, or after an interim 1xx; a final status rules out both.
///
/// `CURLOPT_COPYPOSTFIELDS` kept curl's own copy until the transfer ended: for a stream, as long as it stays open
/// (a support chat's prompt, about 2.6 KiB of every idle stream's memory in `make bench`).
///
/// Owned by one transfer and touched only on its loop's thread; freed exactly once, by `releaseIfSent`, `release`
/// or the deinit, whichever comes first.
public final class CurlRequestBody {
    private var storage: UnsafeMutableRawBufferPointer?
    private let count: Int

    public init(_ body: [UInt8]) {
        count = body.count
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, body.count), alignment: 1)
        storage.copyBytes(from: body)
        self.storage = storage
    }

    deinit { release() }

    /// Has `easy` send this body as its POST's. The body must stay attached until `easy` is cleaned up or
    /// `releaseIfSent` gives it back.
    public func attach(to easy: UnsafeMutableRawPointer) {
        assist_curl_easy_setopt_long(easy, CURLOPT_POSTFIELDSIZE, count)
        assist_curl_easy_setopt_ptr(easy, CURLOPT_POSTFIELDS, storage?.baseAddress)
    }

    /// Gives the body back if `easy` has sent all of it and its final response has begun; from a header or
    /// write callback. Nothing once given back.
    public func releaseIfSent(_ easy: UnsafeMutableRawPointer) {
        guard storage != nil else { return }
        var status = 0
        assist_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        guard status >= 200 else { return }
        var sent: curl_off_t = 0
        assist_curl_easy_getinfo_off(easy, CURLINFO_SIZE_UPLOAD_T, &sent)
        if sent >= count { release() }
    }

    /// Whether the body is still held (tests).
    public var isHeld: Bool { storage != nil }

    /// Gives the body back now: when the transfer has ended and its handle is cleaned up.
    public func release() {
        storage?.deallocate()
        storage = nil
    }
}
