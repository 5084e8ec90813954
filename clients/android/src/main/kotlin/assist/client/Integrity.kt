package assist.client

import java.security.MessageDigest
import java.util.Base64

/**
 * What an integrity proof signs for one request, built the same way by the app and the gateway. It covers the
 * session token the request sends (hashed): a proof is good for that session, and so its user, only.
 */
object IntegrityClientData {
    /** `METHOD \n PATH \n base64(SHA-256(body)) \n base64(SHA-256(session token)) [\n challenge]`. */
    fun make(method: String, path: String, body: ByteArray, sessionToken: String, challenge: String? = null): String {
        val encoder = Base64.getEncoder()
        val bodyHash = encoder.encodeToString(sha256(body))
        val sessionHash = encoder.encodeToString(sha256(sessionToken.toByteArray(Charsets.UTF_8)))
        return "${method.toUpperCase(java.util.Locale.ROOT)}\n$path\n$bodyHash\n$sessionHash" + (challenge?.let { "\n$it" } ?: "")
    }

    /** The Play Integrity standard request's `requestHash`: base64url, unpadded, of SHA-256(client data). */
    fun requestHash(clientData: String): String =
        Base64.getUrlEncoder().withoutPadding().encodeToString(sha256(clientData.toByteArray(Charsets.UTF_8)))

    fun sha256(bytes: ByteArray): ByteArray = MessageDigest.getInstance("SHA-256").digest(bytes)
}

/**
 * Gives the `X-Assist-Integrity` header for one request, or null to send none. Called off the main thread, with the
 * session token the request sends as `Authorization: Bearer` (the proof must cover it).
 */
interface IntegrityProvider {
    fun header(method: String, path: String, body: ByteArray, sessionToken: String): String?
}

/**
 * Play Integrity, standard requests: the app implements `token` with Google's SDK
 * (`StandardIntegrityTokenProvider.request(StandardIntegrityTokenRequest.builder().setRequestHash(hash).build())`,
 * awaited), here it is any function; the gateway verifies the token, that its request hash matches this request and
 * session, and that it has not been used before.
 */
class PlayIntegrityProvider(private val token: (requestHash: String) -> String?) : IntegrityProvider {
    override fun header(method: String, path: String, body: ByteArray, sessionToken: String): String? =
        token(IntegrityClientData.requestHash(IntegrityClientData.make(method, path, body, sessionToken)))?.let { "playintegrity token=$it" }
}
