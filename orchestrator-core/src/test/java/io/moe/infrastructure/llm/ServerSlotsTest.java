package io.moe.infrastructure.llm;

import io.moe.application.servers.CallRetries;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Each server's limit holds on its own; waiting is fair, bounded in length and in time. */
class ServerSlotsTest {

    private static final Duration LONG = Duration.ofSeconds(30);
    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    @Test
    void noMoreCallsRunOnAServerThanItsConcurrencyAndOtherServersAreNotHeldUp() throws Exception {
        ServerSlots slots = new ServerSlots(100);
        Semaphore gate = new Semaphore(0);
        AtomicInteger active = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        List<Future<?>> calls = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            calls.add(pool.submit(() -> {
                try (ServerSlots.Slot slot = slots.acquire("a", 2, LONG)) {
                    most.accumulateAndGet(active.incrementAndGet(), Math::max);
                    gate.acquire();
                    active.decrementAndGet();
                }
                return null;
            }));
        }
        await(() -> slots.running("a") == 2 && slots.waiting("a") == 4);
        try (ServerSlots.Slot other = slots.acquire("b", 1, Duration.ofMillis(1))) {
            assertEquals(1, slots.running("b"), "server b has its own slots");
        }
        gate.release(6);
        for (Future<?> call : calls) {
            call.get(30, TimeUnit.SECONDS);
        }
        assertEquals(2, most.get());
        assertEquals(0, slots.running("a"));
    }

    @Test
    void waitingCallsGetTheirSlotInTheOrderTheyAsked() throws Exception {
        ServerSlots slots = new ServerSlots(100);
        ServerSlots.Slot held = slots.acquire("a", 1, LONG);
        List<Integer> order = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Future<?>> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            int n = i;
            calls.add(pool.submit(() -> {
                try (ServerSlots.Slot slot = slots.acquire("a", 1, LONG)) {
                    order.add(n);
                }
                return null;
            }));
            await(() -> slots.waiting("a") == n + 1);
        }
        held.close();
        for (Future<?> call : calls) {
            call.get(30, TimeUnit.SECONDS);
        }
        assertEquals(List.of(0, 1, 2, 3, 4), order);
    }

    @Test
    void whenTheWaitQueueIsFullTheNextCallIsRefusedAtOnce() throws Exception {
        ServerSlots slots = new ServerSlots(1);
        ServerSlots.Slot held = slots.acquire("a", 1, LONG);
        Future<?> waiting = pool.submit(() -> {
            slots.acquire("a", 1, LONG).close();
            return null;
        });
        await(() -> slots.waiting("a") == 1);
        BulkheadException e = assertThrows(BulkheadException.class, () -> slots.acquire("a", 1, LONG));
        // refused before waiting: a call that had waited would be told that no slot came free
        assertTrue(e.getMessage().contains("moe.servers.max-waiting"), e.getMessage());
        held.close();
        waiting.get(30, TimeUnit.SECONDS);
    }

    @Test
    void aCallWaitsForASlotAtMostTheGivenTime() throws Exception {
        ServerSlots slots = new ServerSlots(100);
        try (ServerSlots.Slot held = slots.acquire("a", 1, LONG)) {
            BulkheadException e = assertThrows(ServerSlots.SlotWaitTimeout.class, () -> slots.acquire("a", 1, Duration.ofMillis(50)));
            assertTrue(e.getMessage().contains("came free"), e.getMessage());
            assertEquals(CallRetries.Step.GIVE_UP, CallRetries.after(new InferenceException(e.getMessage(), true, e), 1),
                    "the server's timeout was spent waiting: it is not asked again");
        }
        assertEquals(0, slots.running("a"));
    }

    @Test
    void aSlotClosedTwiceIsGivenBackOnce() throws Exception {
        ServerSlots slots = new ServerSlots(100);
        ServerSlots.Slot slot = slots.acquire("a", 2, LONG);
        slot.close();
        slot.close();
        ServerSlots.Slot one = slots.acquire("a", 2, LONG);
        ServerSlots.Slot two = slots.acquire("a", 2, LONG);
        assertThrows(BulkheadException.class, () -> slots.acquire("a", 2, Duration.ofMillis(10)));
        one.close();
        two.close();
    }

    @Test
    void aNewConcurrencyAppliesToNewCalls() throws Exception {
        ServerSlots slots = new ServerSlots(100);
        ServerSlots.Slot old = slots.acquire("a", 1, LONG);
        ServerSlots.Slot first = slots.acquire("a", 2, Duration.ofMillis(10));
        ServerSlots.Slot second = slots.acquire("a", 2, Duration.ofMillis(10));
        assertThrows(BulkheadException.class, () -> slots.acquire("a", 2, Duration.ofMillis(10)));
        old.close();
        first.close();
        second.close();
    }

    static void await(BooleanSupplier condition) {
        Instant deadline = Instant.now().plusSeconds(30);
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                fail("the condition did not hold within 30 s");
            }
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
        }
    }
}
