package io.moe.it;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** The server's {@code GET /health}, for tests that break a store and wait for the server to say so. */
public final class Health {

    private Health() {
    }

    /** The body of GET /health once it satisfies {@code ok}, asked every half second for at most 30 s. */
    public static String await(Predicate<String> ok, String what) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(30);
        String last = "";
        while (Instant.now().isBefore(deadline)) {
            last = Optional.ofNullable(Http.get(ItConfig.orchestratorUrl() + "/health").body()).orElse("");
            if (ok.test(last)) {
                return last;
            }
            TimeUnit.MILLISECONDS.sleep(500);
        }
        throw new AssertionError(what + " within 30 s: " + last);
    }
}
