package io.moe.interfaces.openai;

import jakarta.ws.rs.container.AsyncResponse;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** A suspended request is always answered: with the body, the pipeline's failure, or a failure making the body. */
class AsyncAnswerTest {

    private final List<Object> resumedWith = new ArrayList<>();
    private final AsyncResponse async = (AsyncResponse) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[]{AsyncResponse.class}, (proxy, method, args) -> {
                if (method.getName().equals("resume")) {
                    resumedWith.add(args[0]);
                    return true;
                }
                throw new UnsupportedOperationException(method.getName());
            });

    @Test
    void theAnswerBecomesTheResponse() {
        AsyncAnswer.<String>resume(async, done -> "{\"content\":\"" + done + "\"}").accept("answer", null);
        assertEquals(List.of("{\"content\":\"answer\"}"), resumedWith);
    }

    @Test
    void aFailureOfThePipelineIsResumedForTheExceptionMapper() {
        IllegalStateException failure = new IllegalStateException("expert failed");
        AsyncAnswer.<String>resume(async, done -> done).accept(null, failure);
        assertEquals(List.of(failure), resumedWith);
    }

    @Test
    void aStreamRefusedBeforeItStartedIsAnsweredWithItsStatusNotOpened() {
        java.util.concurrent.RejectedExecutionException full = new java.util.concurrent.RejectedExecutionException("pool full");
        java.util.concurrent.CompletableFuture<String> refused = java.util.concurrent.CompletableFuture.<String>failedFuture(full)
                .whenComplete((done, failure) -> { });
        assertEquals(true, AsyncAnswer.refusedAtOnce(refused, async));
        assertEquals(List.of(full), resumedWith, "the mapper answers it (503 with Retry-After), not an event in a 200 stream");
        assertEquals(false, AsyncAnswer.refusedAtOnce(new java.util.concurrent.CompletableFuture<String>(), async), "a running answer streams");
        assertEquals(1, resumedWith.size());
    }

    @Test
    void aFailureWhileTheBodyIsMadeIsAnsweredInsteadOfLeavingTheClientWaiting() {
        NullPointerException broken = new NullPointerException("no content");
        AsyncAnswer.<String>resume(async, done -> {
            throw broken;
        }).accept("answer", null);
        assertEquals(1, resumedWith.size());
        assertSame(broken, resumedWith.get(0));
    }
}
