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
    void aFailureWhileTheBodyIsMadeIsAnsweredInsteadOfLeavingTheClientWaiting() {
        NullPointerException broken = new NullPointerException("no content");
        AsyncAnswer.<String>resume(async, done -> {
            throw broken;
        }).accept("answer", null);
        assertEquals(1, resumedWith.size());
        assertSame(broken, resumedWith.get(0));
    }
}
