package assist.client

/** The on-device model's availability, in the vocabulary the gateway and the Swift kit share (`/v1/events`). */
enum class ModelAvailability(val wireName: String) {
    AVAILABLE("available"), DEVICE_NOT_ELIGIBLE("device_not_eligible"), MODEL_DISABLED("model_disabled"),
    MODEL_NOT_READY("model_not_ready"), DOWNLOADABLE("downloadable"), DOWNLOADING("downloading"),
    LOCALE_NOT_SUPPORTED("locale_not_supported"), OS_TOO_OLD("os_too_old");

    companion object {
        fun fromWire(name: String): ModelAvailability? = values().firstOrNull { it.wireName == name }
    }
}

/** Where a feature runs. `HIDDEN`: neither can run it, so it is not shown at all rather than shown broken. */
enum class Route(val wireName: String) { ON_DEVICE("on_device"), SERVER("server"), HIDDEN("hidden") }

/** Tells the on-device model's availability for a feature and locale; the ML Kit adapter below is one. */
interface AvailabilityProvider {
    fun availability(feature: String, locale: String): ModelAvailability
}

/**
 * On-device only when the model is available and speaks the locale; otherwise the server, when the feature has a
 * server fallback and the device is online; otherwise hidden (`conformance/routes.json`).
 */
class RouteDecider(private val availability: AvailabilityProvider, private val isOnline: () -> Boolean) {
    fun route(feature: String, serverFallbackAvailable: Boolean, locale: String): Route = when {
        availability.availability(feature, locale) == ModelAvailability.AVAILABLE -> Route.ON_DEVICE
        serverFallbackAvailable && isOnline() -> Route.SERVER
        else -> Route.HIDDEN
    }
}

/**
 * ML Kit GenAI's feature status (`com.google.mlkit.genai.common.FeatureStatus`: UNAVAILABLE 0, DOWNLOADABLE 1,
 * DOWNLOADING 2, AVAILABLE 3) as plain values. An app's adapter calls the feature client's `checkFeatureStatus()`
 * and hands the integer here; this library does not link ML Kit, so it builds on any JVM.
 */
object MlKitGenAiStatus {
    const val UNAVAILABLE = 0
    const val DOWNLOADABLE = 1
    const val DOWNLOADING = 2
    const val AVAILABLE = 3

    fun availability(status: Int, supportsLocale: Boolean): ModelAvailability = when (status) {
        AVAILABLE -> if (supportsLocale) ModelAvailability.AVAILABLE else ModelAvailability.LOCALE_NOT_SUPPORTED
        DOWNLOADABLE -> ModelAvailability.DOWNLOADABLE
        DOWNLOADING -> ModelAvailability.DOWNLOADING
        else -> ModelAvailability.DEVICE_NOT_ELIGIBLE
    }
}

/** An `AvailabilityProvider` over ML Kit GenAI: `status` returns `checkFeatureStatus()`'s value for a feature. */
class MlKitAvailability(private val status: (feature: String) -> Int, private val supportsLocale: (String) -> Boolean) : AvailabilityProvider {
    override fun availability(feature: String, locale: String): ModelAvailability =
        MlKitGenAiStatus.availability(status(feature), supportsLocale(locale))
}
