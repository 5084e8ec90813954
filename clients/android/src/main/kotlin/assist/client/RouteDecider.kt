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

/**
 * Where a feature runs, with the Swift kit's names. `PRIVATE_CLOUD` (Apple's server model on Private Cloud Compute) is
 * never chosen on Android, whose adapter reports no such model, but the kit knows the name so both kits read and decide
 * the one table (`conformance/routes.json`). `HIDDEN`: nothing can run it, so it is not shown at all rather than shown
 * broken.
 */
enum class Route(val wireName: String) {
    PRIVATE_CLOUD("private_cloud"), ON_DEVICE("on_device"), SERVER("server"), HIDDEN("hidden");

    companion object {
        fun fromWire(name: String): Route? = values().firstOrNull { it.wireName == name }
    }
}

/** Tells which models the platform offers a feature and locale; the ML Kit adapter below is one. */
interface AvailabilityProvider {
    fun availability(feature: String, locale: String): ModelAvailability

    /**
     * Whether a private cloud model (Apple's Private Cloud Compute, in the Swift kit) can run the feature, leaving the
     * network aside: the decider asks only when online. Android has none, so the default is `false` and an adapter
     * written before this method keeps its routes.
     */
    fun isPrivateCloudAvailable(feature: String, locale: String): Boolean = false
}

/**
 * The first that holds (`conformance/routes.json`, as the Swift kit): the private cloud model when the platform reports
 * it available for the feature and the device is online; on-device when the model is available and speaks the locale;
 * the server when the feature has a server fallback and the device is online; otherwise hidden. `isOnline` is asked
 * once per decision.
 */
class RouteDecider(private val availability: AvailabilityProvider, private val isOnline: () -> Boolean) {
    fun route(feature: String, serverFallbackAvailable: Boolean, locale: String): Route {
        val online = isOnline()
        return when {
            online && availability.isPrivateCloudAvailable(feature, locale) -> Route.PRIVATE_CLOUD
            availability.availability(feature, locale) == ModelAvailability.AVAILABLE -> Route.ON_DEVICE
            serverFallbackAvailable && online -> Route.SERVER
            else -> Route.HIDDEN
        }
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

    /** Android has no Private Cloud Compute: never. */
    override fun isPrivateCloudAvailable(feature: String, locale: String): Boolean = false
}
