package io.moe.interfaces.openai;

import jakarta.ws.rs.container.AsyncResponse;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
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

    /**
     * Resumes {@code async} with the failure of an {@code answer} that failed before it started (the pipeline's pool and
     * queue full): true then, and the caller sends nothing else. A stream opened for it would have to answer 200 and carry
     * the refusal as an event, without the status and Retry-After the SDKs back off by.
     */
    public static boolean refusedAtOnce(CompletableFuture<?> answer, AsyncResponse async) {
        if (!answer.isCompletedExceptionally()) {
            return false;
        }
        answer.whenComplete((done, failure) -> async.resume(failure instanceof CompletionException c && c.getCause() != null
                ? c.getCause() : failure));
        return true;
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
