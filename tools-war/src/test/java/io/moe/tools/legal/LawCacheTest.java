package io.moe.tools.legal;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.ToolException;
import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The parsed-law cache is bounded, loads are single-flight, and the XML parser refuses declarations. */
class LawCacheTest {

    private static Path mirror() {
        try {
            return Path.of(LawCacheTest.class.getResource("/legal-mirror/gii-toc.xml").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theCacheKeepsAtMostTheConfiguredNumberOfLaws() {
        LegalLibrary library = new LegalLibrary(new LawSource("https://unused.invalid", mirror()), Duration.ofHours(1), 2, Clock.systemUTC());
        for (String law : List.of("bgb", "stgb", "gg", "prodhaftg")) {
            assertEquals(law, library.law(law).slug());
        }
        assertEquals(2, library.cachedLaws());
        assertEquals("BGB", library.law("BGB").abbreviation(), "an evicted law is fetched again");
    }

    @Test
    void concurrentLoadsOfOneKeyShareOneFetch() throws Exception {
        SingleFlight<String> flight = new SingleFlight<>();
        AtomicInteger fetches = new AtomicInteger();
        int callers = 6;
        CountDownLatch arrived = new CountDownLatch(callers);
        List<CompletableFuture<String>> results = new ArrayList<>();
        String[] cache = new String[1];
        ExecutorService threads = Executors.newCachedThreadPool();
        for (int i = 0; i < callers; i++) {
            results.add(CompletableFuture.supplyAsync(() -> {
                arrived.countDown();
                synchronized (cache) {
                    if (cache[0] != null) {
                        return cache[0];
                    }
                }
                return flight.load("bgb", () -> {
                    synchronized (cache) { // as LegalLibrary does: a caller that looked before the first load
                        if (cache[0] != null) { // published may start its own load after it; it finds the law here
                            return cache[0];
                        }
                    }
                    fetches.incrementAndGet();
                    try {
                        arrived.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    synchronized (cache) {
                        cache[0] = "law";
                    }
                    return "law";
                });
            }, threads));
        }
        for (CompletableFuture<String> r : results) {
            assertEquals("law", r.get(30, TimeUnit.SECONDS));
        }
        threads.shutdown();
        assertEquals(1, fetches.get());
    }

    @Test
    void aFailedLoadIsSharedAndTheNextCallTriesAgain() {
        SingleFlight<String> flight = new SingleFlight<>();
        assertThrows(ToolException.class, () -> flight.load("x", () -> {
            throw new ToolException(Kind.UPSTREAM_FAILED, "law_source_unreachable", null, "down");
        }));
        assertEquals("ok", flight.load("x", () -> "ok"));
    }

    @Test
    void aDoctypeWithDeclarationsIsRefused() {
        byte[] entities = ("<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;\">]>"
                + "<dokumente>&b;</dokumente>").getBytes(StandardCharsets.UTF_8);
        assertThrows(java.io.IOException.class, () -> SafeXml.parse(entities));
        byte[] local = "<!DOCTYPE d SYSTEM \"x.dtd\" [<!ENTITY a \"b\">]><d>&a;</d>".getBytes(StandardCharsets.UTF_8);
        assertThrows(java.io.IOException.class, () -> SafeXml.parse(local));
    }

    @Test
    void theLawSourcesExternalDoctypeIsAcceptedAndItsDtdNeverLoaded() throws Exception {
        byte[] law = ("<?xml version=\"1.0\" encoding=\"UTF-8\" ?><!DOCTYPE dokumente SYSTEM \"http://127.0.0.1:1/dtd/1.01/gii-norm.dtd\">\n"
                + "<dokumente doknr=\"X\"><norm><metadaten><jurabk>GG</jurabk></metadaten></norm></dokumente>").getBytes(StandardCharsets.UTF_8);
        assertEquals("GG", SafeXml.parse(law).getElementsByTagName("jurabk").item(0).getTextContent());
        byte[] plain = "<items><item/></items>".getBytes(StandardCharsets.UTF_8);
        assertEquals(1, SafeXml.parse(plain).getElementsByTagName("item").getLength());
    }

    @Test
    void anUnreachableSourceIsReportedWithoutItsAddress() {
        LawSource source = new LawSource("http://127.0.0.1:1", null);
        ToolException e = assertThrows(ToolException.class, () -> source.read("/gii-toc.xml"));
        assertEquals(Kind.UPSTREAM_FAILED, e.kind());
        assertFalse(e.getMessage().contains("127.0.0.1"), e.getMessage());
        assertTrue(e.getMessage().contains("the law source could not be reached"), e.getMessage());
    }
}
