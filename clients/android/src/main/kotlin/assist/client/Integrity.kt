package assist.client

import java.security.MessageDigest
import java.util.Base64

/** What an integrity proof signs for one request, built the same way by the app and the gateway. */
object IntegrityClientData {
    /** `METHOD \n PATH \n base64(SHA-256(body)) [\n challenge]`. */
    fun make(method: String, path: String, body: ByteArray, challenge: String? = null): String {
        val bodyHash = Base64.getEncoder().encodeToString(sha256(body))
        return "${method.toUpperCase(java.util.Locale.ROOT)}\n$path\n$bodyHash" + (challenge?.let { "\n$it" } ?: "")
    }

    /** The Play Integrity standard request's `requestHash`: base64url, unpadded, of SHA-256(client data). */
    fun requestHash(clientData: String): String =
        Base64.getUrlEncoder().withoutPadding().encodeToString(sha256(clientData.toByteArray(Charsets.UTF_8)))

    fun sha256(bytes: ByteArray): ByteArray = MessageDigest.getInstance("SHA-256").digest(bytes)
}

/** Gives the `X-Assist-Integrity` header for one request, or null to send none. Called off the main thread. */
interface IntegrityProvider {
    fun header(method: String, path: String, body: ByteArray): String?
}

/**
 * Play Integrity, standard requests: the app implements `token` with Google's SDK
 * (`StandardIntegrityTokenProvider.request(StandardIntegrityTokenRequest.builder().setRequestHash(hash).build())`,
 * awaited), here it is any function; the gateway verifies the token and that its request hash matches this request.
 */
class PlayIntegrityProvider(private val token: (requestHash: String) -> String?) : IntegrityProvider {
    override fun header(method: String, path: String, body: ByteArray): String? =
        token(IntegrityClientData.requestHash(IntegrityClientData.make(method, path, body)))?.let { "playintegrity token=$it" }
}
