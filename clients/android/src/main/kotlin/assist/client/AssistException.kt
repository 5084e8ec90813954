package assist.client

import java.text.ParsePosition
import java.text.SimpleDateFormat
import java.util.Locale
import java.util.TimeZone

/** Why an answer could not start or did not finish (the cases every client agrees on: `conformance/responses.json`). */
sealed class AssistException(message: String, cause: Throwable? = null) : Exception(message, cause) {
    /** The stable code, for logs. */
    abstract val code: String

    /** When a retry makes sense again (epoch milliseconds), where the gateway said so. */
    open val retryAtMillis: Long? get() = null

    /** The feature is off or outside this user's rollout: hide it, show no error. */
    val hidesFeature: Boolean get() = code == "feature_disabled"

    /** 401: the session token was missing, expired or refused; get a new one. */
    class Unauthenticated : AssistException("unauthenticated") { override val code = "unauthenticated" }

    /** 429: over quota or too many streams; retry from `retryAtMillis` on (1 s when the gateway did not say). */
    class RateLimited(override val retryAtMillis: Long, override val code: String) : AssistException("$code: retry at $retryAtMillis")

    /** 503: the gateway cannot serve now (quota store, audit, overload, shutdown); retry, when it said, from then on. */
    class Unavailable(override val retryAtMillis: Long?, override val code: String) : AssistException("$code: unavailable")

    /** Any other non-2xx answer, with the body's error code (`unknown` when there was none). */
    class Http(val status: Int, override val code: String) : AssistException("HTTP $status: $code")

    /** The gateway ended the stream with an `error` event; the text before it stays. */
    class Stream(override val code: String) : AssistException("stream error: $code")

    /** The stream ended without `done` or `error`: the answer may be cut short. */
    class Incomplete : AssistException("stream ended without done") { override val code = "incomplete_stream" }

    /** The connection failed (DNS, refused, reset, timeout). */
    class Transport(cause: Throwable) : AssistException("transport failed: $cause", cause) { override val code = "transport_failed" }

    companion object {
        /** Maps a non-2xx response. `headers` are looked up without regard to case. */
        fun fromResponse(status: Int, headers: Map<String, String>, body: String, nowMillis: Long): AssistException {
            val code = ((try { Json.parse(body) } catch (e: Json.ParseException) { null } as? Map<*, *>)?.get("error") as? Map<*, *>)
                ?.get("code") as? String ?: "unknown"
            val retryAfter = headers.entries.firstOrNull { it.key.equals("Retry-After", ignoreCase = true) }?.value
                ?.let { RetryAfter.parse(it, nowMillis) }
            return when (status) {
                401 -> Unauthenticated()
                429 -> RateLimited(retryAfter ?: nowMillis + 1000, code)
                503 -> Unavailable(retryAfter, code)
                else -> Http(status, code)
            }
        }
    }
}

/** `Retry-After` in both of its forms (RFC 9110 §10.2.3): delay-seconds or an HTTP-date, as epoch milliseconds. */
object RetryAfter {
    private val formats = listOf("EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy")

    fun parse(value: String, nowMillis: Long): Long? {
        val text = value.trim()
        text.toLongOrNull()?.let { return if (it >= 0) nowMillis + it * 1000 else null }
        for (pattern in formats) {
            val format = SimpleDateFormat(pattern, Locale.US).apply { timeZone = TimeZone.getTimeZone("GMT"); isLenient = false }
            val position = ParsePosition(0)
            val date = format.parse(text, position)
            if (date != null && position.index == text.length) return date.time
        }
        return null
    }
}
