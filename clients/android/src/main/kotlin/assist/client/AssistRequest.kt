package assist.client

/** What an app sends: a feature id, its structured input and a locale, never prompt text. */
data class AssistRequest(val feature: String, val input: Map<String, Any?>, val locale: String = "en-US") {
    fun toJson(): String = Json.write(linkedMapOf("feature" to feature, "input" to input, "locale" to locale))
}
