package assist.sample

import assist.client.AssistClient
import assist.client.AssistEvent
import assist.client.AssistException
import assist.client.AssistRequest
import assist.client.Json
import kotlinx.coroutines.runBlocking
import kotlin.system.exitProcess

/**
 * `assist-android`: streams a feature's answer to stdout, as `assist ask` does, through the Android kit.
 *
 *     assist-android --url http://127.0.0.1:8080 --token T --feature support_chat --input '{"message":"hi"}' [--locale en-US]
 *
 * Exit codes: 0 on done; 75 when rate limited or unavailable with a retry time (printed on stderr); 2 for bad
 * arguments; 1 for any other failure.
 */
fun main(args: Array<String>) {
    val options = args.toList().chunked(2).filter { it.size == 2 && it[0].startsWith("--") }.associate { it[0].drop(2) to it[1] }
    val url = options["url"]; val token = options["token"]; val feature = options["feature"]
    if (url == null || token == null || feature == null || args.size % 2 != 0) {
        System.err.println("usage: assist-android --url URL --token T --feature F [--input JSON] [--locale L]")
        exitProcess(2)
    }
    @Suppress("UNCHECKED_CAST")
    val input = (try { Json.parse(options["input"] ?: "{}") } catch (e: Json.ParseException) { null }) as? Map<String, Any?>
        ?: run { System.err.println("assist-android: --input must be a JSON object"); exitProcess(2) }
    val status = runBlocking {
        val call = AssistClient(url, { token }).stream(AssistRequest(feature, input, options["locale"] ?: "en-US"), this)
        try {
            for (event in call.events) {
                when (event) {
                    is AssistEvent.Delta -> { print(event.text); System.out.flush() }
                    is AssistEvent.Done -> println()
                    else -> Unit
                }
            }
            0
        } catch (e: AssistException) {
            println()
            val retryAt = e.retryAtMillis
            if (retryAt != null) {
                System.err.println("assist-android: ${e.code}: retry in ${maxOf(0L, (retryAt - System.currentTimeMillis() + 999) / 1000)} s")
                75
            } else {
                System.err.println("assist-android: ${e.code}: ${e.message}")
                1
            }
        }
    }
    exitProcess(status)
}
