package io.moe.interfaces.openai;

import jakarta.ws.rs.container.AsyncResponse;

import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Answers a suspended request when the pipeline's answer is complete: the response (or entity) {@code body} makes of it, or the
 * failure (mapped to its error by the port's exception mapper). A failure while the body is made is answered too,
 * so the client never waits on a request nobody will resume.
 */
public final class AsyncAnswer {

    private AsyncAnswer() {
    }

    public static <T> BiConsumer<T, Throwable> resume(AsyncResponse async, Function<? super T, ?> body) {
        return (done, failure) -> {
            if (failure != null) {
                async.resume(failure);
                return;
            }
            Object response;
            try {
                response = body.apply(done);
            } catch (RuntimeException | Error e) {
                async.resume(e);
                return;
            }
            async.resume(response);
        };
    }
}
