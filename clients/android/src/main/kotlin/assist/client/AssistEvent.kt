package assist.client

/**
 * One event of an answer stream, as an app sees it. On the wire each is a `data:` line holding a JSON object with
 * a `kind`; a stream ends with exactly one `Done` or one `Error`.
 */
sealed class AssistEvent {
    /** Data the gateway read from its own records (e.g. the booking), to show beside the model's text. */
    data class Facts(val facts: Map<String, Any?>) : AssistEvent()

    data class Delta(val text: String) : AssistEvent()

    /**
     * `cached`: served from the gateway's store. `source`: who wrote the text for guarded features, `model` or
     * `narrator` (label narrator text "from your booking", not as AI); null for other features. `withheld`: sentences
     * the gateway's guard held back.
     */
    data class Done(val finishReason: String, val promptVersion: String, val cached: Boolean = false,
                    val source: String? = null, val withheld: Int = 0) : AssistEvent()

    data class Error(val code: String) : AssistEvent()

    companion object {
        /** An event's data → the event; null for invalid JSON, a kind this version does not know, or a missing field. */
        fun parse(data: String): AssistEvent? {
            val json = try { Json.parse(data) } catch (e: Json.ParseException) { return null } as? Map<*, *> ?: return null
            return when (json["kind"]) {
                "facts" -> Facts(json.entries.filter { it.key != "kind" }.associate { it.key.toString() to it.value })
                "delta" -> (json["text"] as? String)?.let { Delta(it) }
                "done" -> {
                    val reason = json["finishReason"] as? String ?: return null
                    val version = json["promptVersion"] as? String ?: return null
                    Done(reason, version, json["cached"] as? Boolean ?: false, json["source"] as? String,
                         (json["withheld"] as? Double)?.toInt() ?: 0)
                }
                "error" -> (json["code"] as? String)?.let { Error(it) }
                else -> null
            }
        }
    }
}
