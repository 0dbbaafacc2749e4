package io.moe.it;

import io.moe.domain.shared.Refusal;
import io.moe.it.identity.Admin;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A refused request is the client's mistake, not the server's: it is answered 4xx and leaves no FFDC incident (a file in
 * the server's {@code logs/ffdc} that operators read as a server failure). Liberty files one for every runtime exception
 * that leaves a {@code @Transactional} method, so the services refuse inside their own unit of work. Incidents count from
 * the start of this test run's JVM, so the refusals of every test before this one count too.
 */
class RefusalIncidentsIT {

    private static final Path INCIDENTS = Path.of(System.getProperty("moe.it.server-dir"), "logs", "ffdc");

    @Test
    void refusedWritesFileNoIncident() throws IOException {
        long since = ManagementFactory.getRuntimeMXBean().getStartTime();
        String name = "r" + UUID.randomUUID().toString().substring(0, 12);
        String admin = ItConfig.adminUrl();

        assertRefused(Admin.post(Admin.USERS, "{\"username\":\"x\",\"email\":\"x@example.org\",\"password\":\"a-long-password-1\"}"), 400);
        assertRefused(Admin.post(Admin.USERS, "{\"username\":\"" + name + "\",\"email\":\"" + name + "@example.org\",\"password\":\"short\"}"), 400);
        assertRefused(Admin.get(Admin.USERS + "/no-such-user"), 404);
        assertRefused(Admin.post(admin + "/api/servers", "{\"name\":\"" + name + "\",\"url\":\"ftp://example.org\"}"), 400);
        assertRefused(Admin.post(admin + "/api/servers", "{\"name\":\"local\",\"url\":\"" + ItConfig.simulatorUrl() + "\"}"), 409);
        assertRefused(Admin.post(admin + "/api/expert-templates", "{\"name\":\"" + name + "\",\"planner_model\":\"sim-planner\"}"), 400);

        assertEquals(List.of(), refusalIncidentsSince(since),
                "incidents in " + INCIDENTS + " filed for refusals (a client's mistake, answered 4xx)");
    }

    private static void assertRefused(HttpResponse<String> response, int status) {
        assertEquals(status, response.statusCode(), response.body());
        assertTrue(response.body().contains("\"detail\""), "a message a person can act on: " + response.body());
    }

    /** The incident files written since {@code since} whose exception is a refusal, with that exception's name. */
    private static List<String> refusalIncidentsSince(long since) throws IOException {
        List<String> found = new ArrayList<>();
        if (!Files.isDirectory(INCIDENTS)) {
            return found;
        }
        try (Stream<Path> files = Files.list(INCIDENTS)) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("ffdc_")).toList()) {
                if (Files.getLastModifiedTime(file).toMillis() >= since) {
                    exception(file).filter(RefusalIncidentsIT::isRefusal).ifPresent(e -> found.add(file.getFileName() + ": " + e));
                }
            }
        }
        return found;
    }

    private static Optional<String> exception(Path incident) throws IOException {
        try (Stream<String> lines = Files.lines(incident)) {
            return lines.filter(l -> l.startsWith("Exception = ")).findFirst().map(l -> l.substring("Exception = ".length()).trim());
        }
    }

    private static boolean isRefusal(String className) {
        try {
            return Refusal.class.isAssignableFrom(Class.forName(className, false, RefusalIncidentsIT.class.getClassLoader()));
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
