package io.moe.it.security;

import io.moe.it.ItConfig;
import io.moe.it.Poll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * An address the web container refuses (an encoded '.' or '/', a malformed %-escape) is the client's mistake: it is
 * answered 400, and what the server notes of it goes to trace.log, not as an ERROR with a stack trace into messages.log,
 * which operators alarm on and the monitoring page streams.
 */
class HostileAddressLogIT {

    private static final Path LOGS = Path.of(System.getProperty("moe.it.server-dir", "target/liberty/wlp/usr/servers/moeTestServer"))
            .resolve("logs");

    @Test
    void aRefusedAddressIsA400AndNoErrorInTheServersLog() {
        String marker = "hostile-" + UUID.randomUUID();
        long malformedNoted = count("trace.log", "RESTEASY002130");
        long malformedShown = count("messages.log", "RESTEASY002130");
        for (String base : new String[]{ItConfig.orchestratorUrl(), ItConfig.adminUrl(), ItConfig.toolsUrl()}) {
            for (String target : new String[]{"/v1/%2e%2e/" + marker, "/api/" + marker + "%2fusers"}) {
                assertEquals(400, RawHttp.send(base, null, "GET", target, null).status(), base + target);
            }
        }
        assertEquals(400, RawHttp.send(ItConfig.orchestratorUrl(), null, "GET", "/v1/%c0%ae/" + marker, null).status());

        // the server noted them (in one log or the other) ...
        Poll.until(() -> (text("trace.log") + text("messages.log")).contains(marker)
                        && count("trace.log", "RESTEASY002130") + count("messages.log", "RESTEASY002130") > malformedNoted + malformedShown,
                noted -> noted, Duration.ofSeconds(20), "the refused addresses noted by the server");
        // ... in trace.log, not in the log operators read
        assertFalse(text("messages.log").contains(marker), "a refused address left an error in messages.log");
        assertEquals(malformedShown, count("messages.log", "RESTEASY002130"), "a malformed escape left a warning in messages.log");
    }

    private static String text(String log) {
        try {
            return Files.readString(LOGS.resolve(log), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long count(String log, String what) {
        return text(log).lines().filter(l -> l.contains(what)).count();
    }
}
