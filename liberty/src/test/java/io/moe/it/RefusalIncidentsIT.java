package io.moe.it;

import io.moe.domain.shared.Refusal;
import io.moe.it.identity.Admin;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A refused request is the client's mistake, not the server's: it is answered 4xx and leaves no FFDC incident. Liberty
 * files one for every runtime exception that leaves a {@code @Transactional} method, so the services refuse inside their
 * own unit of work. The refusals of every test before this one count too ({@link Incidents}).
 */
class RefusalIncidentsIT {

    @Test
    void refusedWritesFileNoIncident() {
        String name = "r" + UUID.randomUUID().toString().substring(0, 12);
        String admin = ItConfig.adminUrl();

        assertRefused(Admin.post(Admin.USERS, "{\"username\":\"x\",\"email\":\"x@example.org\",\"password\":\"a-long-password-1\"}"), 400);
        assertRefused(Admin.post(Admin.USERS, "{\"username\":\"" + name + "\",\"email\":\"" + name + "@example.org\",\"password\":\"short\"}"), 400);
        assertRefused(Admin.get(Admin.USERS + "/no-such-user"), 404);
        assertRefused(Admin.post(admin + "/api/servers", "{\"name\":\"" + name + "\",\"url\":\"ftp://example.org\"}"), 400);
        assertRefused(Admin.post(admin + "/api/servers", "{\"name\":\"local\",\"url\":\"" + ItConfig.simulatorUrl() + "\"}"), 409);
        assertRefused(Admin.post(admin + "/api/expert-templates", "{\"name\":\"" + name + "\",\"planner_model\":\"sim-planner\"}"), 400);

        assertEquals(List.of(), Incidents.ofThisRun().stream().filter(i -> isRefusal(i.exception())).toList(),
                "incidents filed for refusals (a client's mistake, answered 4xx)");
    }

    private static void assertRefused(HttpResponse<String> response, int status) {
        assertEquals(status, response.statusCode(), response.body());
        assertTrue(response.body().contains("\"detail\""), "a message a person can act on: " + response.body());
    }

    private static boolean isRefusal(String className) {
        try {
            return Refusal.class.isAssignableFrom(Class.forName(className, false, RefusalIncidentsIT.class.getClassLoader()));
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
