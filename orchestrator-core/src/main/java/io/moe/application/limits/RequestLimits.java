package io.moe.application.limits;

import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The size bounds of one API request ({@code moe.limits.*}; each default lives here and only here). A
 * request over any of them is refused with a 4xx before it reaches the pipeline, so that no single
 * request can hold the heap, the embedding model or the inference servers beyond these amounts.
 */
@Dependent
public class RequestLimits {

    /** The largest request body in bytes (413 above it). */
    @Inject
    @ConfigProperty(name = "moe.limits.max-body-bytes", defaultValue = "8388608")
    public int maxBodyBytes;

    /** The deepest nesting of JSON arrays and objects in a body (400 above it). */
    @Inject
    @ConfigProperty(name = "moe.limits.max-json-depth", defaultValue = "32")
    public int maxJsonDepth;

    /** The most messages in one chat request. */
    @Inject
    @ConfigProperty(name = "moe.limits.max-messages", defaultValue = "256")
    public int maxMessages;

    /** The most content parts in one message. */
    @Inject
    @ConfigProperty(name = "moe.limits.max-parts", defaultValue = "64")
    public int maxParts;

    /** The most characters of text over all messages of one request. */
    @Inject
    @ConfigProperty(name = "moe.limits.max-text-chars", defaultValue = "200000")
    public int maxTextChars;

    /** The most images in one request. */
    @Inject
    @ConfigProperty(name = "moe.limits.max-images", defaultValue = "4")
    public int maxImages;

    /** The largest image in bytes, after base64 decoding. */
    @Inject
    @ConfigProperty(name = "moe.limits.max-image-bytes", defaultValue = "5242880")
    public int maxImageBytes;

    /** The largest {@code max_tokens} a client may ask for. */
    @Inject
    @ConfigProperty(name = "moe.limits.max-output-tokens", defaultValue = "32768")
    public int maxOutputTokens;

    /** How many chat requests one user may have in flight at once, on all nodes together (429 above it). */
    @Inject
    @ConfigProperty(name = "moe.limits.concurrent-requests-per-user", defaultValue = "4")
    public int concurrentRequestsPerUser;

    /**
     * How many model calls of one user may run or wait at once for one inference server on this node; never
     * more than one below that server's concurrency, so that one user never holds every slot.
     */
    @Inject
    @ConfigProperty(name = "moe.limits.model-calls-per-user", defaultValue = "4")
    public int modelCallsPerUser;
}
