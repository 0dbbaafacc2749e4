package io.moe.interfaces.openai;

import io.moe.application.pipeline.run.Cancellation;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.ConnectionCallback;

/**
 * The one way a suspended pipeline request of this port learns that its client went away: the {@link Cancellation} it
 * runs with is cancelled when the container reports the dropped connection ({@link ConnectionCallback}). Both chat
 * routes (/v1/chat/completions and /v1/messages) take their cancellation from here, streamed or not; a stream is
 * cancelled besides by its writer when a write or keep-alive fails.
 *
 * <p>Failure policy: JAX-RS makes the callback optional. A container that refuses it, or accepts and never calls it
 * (the RESTEasy of Open Liberty keeps only completion callbacks), leaves a non-streamed request running to its end,
 * billed in full, as the README says.
 */
public final class ClientDisconnect {

    static final String REASON = "the client went away";

    private ClientDisconnect() {
    }

    /** A new cancellation of the request waiting on {@code async}, cancelled when the container reports a disconnect. */
    public static Cancellation cancellation(AsyncResponse async) {
        Cancellation cancellation = new Cancellation();
        try {
            async.register((ConnectionCallback) disconnected -> cancellation.cancel(REASON));
        } catch (RuntimeException unsupported) {
            // optional in JAX-RS: without it the request runs to its end
        }
        return cancellation;
    }
}
