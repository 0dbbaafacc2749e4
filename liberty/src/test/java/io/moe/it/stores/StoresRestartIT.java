package io.moe.it.stores;

import io.moe.it.Health;
import io.moe.it.Http;
import io.moe.it.Killed;
import io.moe.it.Poll;
import io.moe.it.Simulator;
import io.moe.it.chat.ChatCompletionsIT;
import io.moe.it.identity.Admin;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Redis, PostgreSQL and Kafka killed (SIGKILL) and started again, as a crash and an operator's restart look: answers go on while
 * each is dead, with what the README's "When a store is down" says, and everything is used again after the restart
 * without restarting the server. PostgreSQL too, the postmaster and every backend. Neo4j, the tool server and the
 * search engine: {@code HungServicesIT}; a node: {@code TwoNodesIT}.
 */
class StoresRestartIT {

    @Test
    void withRedisDeadUnlimitedUsersAreAnsweredLimitedOnesRefusedAndAfterItsRestartBothAreServedAndCounted() throws Exception {
        String freeUser = orchestratedUser();
        String free = Admin.newKey(freeUser)[1];
        String limitedUser = orchestratedUser();
        assertEquals(200, Admin.put(Admin.USERS + "/" + limitedUser + "/budget", "{\"daily_limit\":1000000}").statusCode());
        String limited = Admin.newKey(limitedUser)[1];
        assertEquals(200, chat(free, "Before Redis dies").statusCode());
        assertEquals(200, chat(limited, "Before Redis dies, with a limit").statusCode());
        // what a crash can lose is what Redis had not yet written to its file: let the rows of these two be written first
        Poll.until(() -> Admin.usage(freeUser), u -> u.getInt("requests") >= 1, Duration.ofSeconds(30), "the first usage row");

        Killed redis = Killed.redis();
        try {
            for (int i = 0; i < 3; i++) {
                HttpResponse<String> answer = chat(free, "While Redis is dead " + i);
                assertEquals(200, answer.statusCode(), "answered without Redis: " + answer.body());
            }
            HttpResponse<String> refused = chat(limited, "While Redis is dead, with a limit");
            assertEquals(503, refused.statusCode(), refused.body());
            assertTrue(refused.body().contains("budget_unavailable"), "a limit that cannot be counted is not given away: " + refused.body());
            Health.await(h -> h.matches("(?s).*Redis[^,}\\]]*down.*"), "Redis reported down");
        } finally {
            redis.startAgain();
        }
        Health.await(h -> h.matches("(?s).*Redis[^,}\\]]*up.*"), "Redis reported up after its restart");
        HttpResponse<String> counted = Poll.until(() -> chat(limited, "After Redis restarted " + UUID.randomUUID()),
                r -> r.statusCode() == 200, Duration.ofSeconds(60), "a limited user answered once Redis is back");
        assertEquals(200, counted.statusCode());

        answeredRows(freeUser, 4, "the usage rows of the answers given while Redis was dead");
    }

    @Test
    void withPostgresDeadKnownKeysAreAnsweredAdministrationIsRefusedAndAfterItsRestartEverythingIsWritten() throws Exception {
        String user = orchestratedUser();
        String key = Admin.newKey(user)[1];
        assertEquals(200, chat(key, "Before PostgreSQL dies").statusCode());

        Killed postgres = Killed.postgres();
        try {
            for (int i = 0; i < 3; i++) {
                HttpResponse<String> answer = chat(key, "While PostgreSQL is dead " + i);
                assertEquals(200, answer.statusCode(), "answered from the keys and templates in memory: " + answer.body());
            }
            HttpResponse<String> write = Admin.put(Admin.USERS + "/" + user, "{\"display_name\":\"Not now\"}");
            assertEquals(503, write.statusCode(), write.body());
            assertEquals("database_unavailable", Http.object(write).getString("code"), write.body());
            Health.await(h -> h.matches("(?s).*\"PostgreSQL\"\\s*:\\s*\"down.*"), "PostgreSQL reported down");
        } finally {
            postgres.startAgain();
        }
        HttpResponse<String> written = Poll.until(() -> Admin.put(Admin.USERS + "/" + user, "{\"display_name\":\"After the restart\"}"),
                r -> r.statusCode() == 200, Duration.ofSeconds(60), "an administrative write once PostgreSQL runs again");
        assertEquals("After the restart", Http.object(written).getString("display_name"), written.body());
        answeredRows(user, 4, "the usage rows of the answers given while PostgreSQL was dead");
    }

    @Test
    void withKafkaDeadAnswersAndFeedbackGoOnAndTheirEventsArriveAfterItsRestart() throws Exception {
        String user = orchestratedUser();
        String key = Admin.newKey(user)[1];
        String marker = "kafkadead" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        String rule = KafkaAway.longAnswers(marker);
        List<String> ids;
        Killed kafka = Killed.relay("kafka");
        try {
            ids = KafkaAway.answerAndRate(key, marker, List.of("Which birds migrate the farthest", "How do glaciers carve valleys"), 4);
        } finally {
            kafka.startAgain();
            Simulator.removeRule(rule);
        }
        KafkaAway.eventsArrive(user, ids, 4, 120);
    }

    /** Waits until {@code user} has {@code rows} usage rows, then asserts each is an answered request's. */
    private static void answeredRows(String user, int rows, String what) {
        JsonObject usage = Poll.until(() -> Admin.usage(user), u -> u.getInt("requests") >= rows, Duration.ofSeconds(60), what);
        assertEquals(rows, usage.getJsonObject("by_status").getJsonObject("ok").getInt("requests"), usage.toString());
    }

    private static String orchestratedUser() {
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        return user;
    }

    private static HttpResponse<String> chat(String key, String text) {
        return Http.post(ChatCompletionsIT.URL, ChatCompletionsIT.request("moe-orchestrator", text),
                "Authorization", Http.bearer(key), "Content-Type", "application/json");
    }
}
