package io.moe.application.identity;

import io.moe.infrastructure.redis.TestRedis;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sign-in throttle against a real Redis: counted atomically, per address and per username and address;
 * and with the counters down, sign-in goes on unthrottled.
 */
class SignInThrottleTest {

    private static SignInThrottle throttle(int perAddressPerMinute) {
        SignInThrottle throttle = new SignInThrottle();
        throttle.counters = TestRedis.signInCounters();
        throttle.maxFailures = 5;
        throttle.lockMinutes = 15;
        throttle.perAddressPerMinute = perAddressPerMinute;
        return throttle;
    }

    private static String unique() {
        return UUID.randomUUID().toString().substring(0, 12);
    }

    @Test
    void parallelAttemptsCannotSlipPastTheLimitTogether() throws Exception {
        SignInThrottle throttle = throttle(1000);
        String user = unique();
        String address = "198.51.100." + (int) (Math.random() * 200);
        ExecutorService pool = Executors.newFixedThreadPool(20);
        try {
            List<Callable<Optional<String>>> attempts = IntStream.range(0, 40)
                    .<Callable<Optional<String>>>mapToObj(i -> () -> throttle.refusal(user, address)).toList();
            long allowed = 0;
            for (Future<Optional<String>> f : pool.invokeAll(attempts)) {
                allowed += f.get().isEmpty() ? 1 : 0;
            }
            assertEquals(5, allowed, "exactly the allowed number of attempts reach the password check");
        } finally {
            pool.shutdownNow();
        }
        assertTrue(throttle.refusal(user, "203.0.113.9").isEmpty(), "another address is not locked out");
        throttle.succeeded(user, address);
        assertTrue(throttle.refusal(user, address).isEmpty(), "a success forgets the failures");
    }

    @Test
    void oneAddressCannotTryManyUsernamesFast() {
        SignInThrottle throttle = throttle(10);
        String address = "192.0.2." + unique();
        for (int i = 0; i < 10; i++) {
            assertTrue(throttle.refusal(unique(), address).isEmpty());
        }
        assertTrue(throttle.refusal(unique(), address).orElse("").contains("from your address"));
    }

    @Test
    void aUsernameIsCountedWithoutRegardToCase() {
        SignInThrottle throttle = throttle(1000);
        String user = "Admin-" + unique();
        String address = "198.51.100.7";
        for (int i = 0; i < 5; i++) {
            assertTrue(throttle.refusal(i % 2 == 0 ? user.toUpperCase() : user, address).isEmpty());
        }
        assertTrue(throttle.refusal(user, address).orElse("").contains("for this username"));
        throttle.succeeded(user.toUpperCase(), address);
        assertTrue(throttle.refusal(user, address).isEmpty(), "a success in any case forgets the failures");
    }

    @Test
    void withTheCountersDownSignInGoesOnUnthrottled() {
        SignInThrottle throttle = throttle(1);
        throttle.counters = (SignInCounters) Proxy.newProxyInstance(SignInCounters.class.getClassLoader(),
                new Class<?>[] {SignInCounters.class}, (proxy, method, args) -> {
                    throw new IllegalStateException("connection refused");
                });
        for (int i = 0; i < 3; i++) {
            assertTrue(throttle.refusal("admin", "192.0.2.1").isEmpty());
        }
        throttle.succeeded("admin", "192.0.2.1");
    }
}
