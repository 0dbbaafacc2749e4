package io.moe.interfaces.openai;

import io.moe.application.pipeline.run.Cancellation;
import io.moe.application.pipeline.run.RequestCancelledException;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.ConnectionCallback;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A waiting request's cancellation follows the container's report that its client went away. */
class ClientDisconnectTest {

    /** An AsyncResponse that keeps what is registered on it, or refuses every registration. */
    private static AsyncResponse container(List<Object> registered, boolean refuses) {
        return (AsyncResponse) Proxy.newProxyInstance(AsyncResponse.class.getClassLoader(), new Class<?>[] {AsyncResponse.class},
                (proxy, method, args) -> {
                    if (!method.getName().equals("register")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    if (refuses) {
                        throw new IllegalStateException("callbacks are not supported");
                    }
                    registered.add(args[0]);
                    return Set.of(ConnectionCallback.class);
                });
    }

    @Test
    void aReportedDisconnectCancelsTheRequest() {
        List<Object> registered = new ArrayList<>();
        AsyncResponse async = container(registered, false);
        Cancellation cancellation = ClientDisconnect.cancellation(async);
        assertFalse(cancellation.cancelled(), "nothing happened yet");

        assertEquals(1, registered.size());
        ((ConnectionCallback) registered.get(0)).onDisconnect(async);

        assertTrue(cancellation.cancelled());
        assertTrue(assertThrows(RequestCancelledException.class, cancellation::checkpoint).getMessage().endsWith(ClientDisconnect.REASON),
                "the pipeline stops at its next model call, saying why");
    }

    @Test
    void aContainerWithoutTheCallbackStillGetsACancellationToRunWith() {
        Cancellation cancellation = ClientDisconnect.cancellation(container(new ArrayList<>(), true));
        assertFalse(cancellation.cancelled());
    }
}
