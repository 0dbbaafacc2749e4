package io.moe.benchmark;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The messages API with a {@code native} coding-client profile, beside the chat API's native pass-through and
 * the simulator called directly, in one run: latency at concurrency 1 (p50, p99) of a short non-streamed
 * answer, and time to the first content token of a streamed one. The figures added by the service are the
 * differences to the direct call. Sets up its own user, profile and key through the admin JSON API.
 */
final class CodingClientBenchmark {

    private static final String TOOL_MODEL = "sim-coder:7b";
    private static final String CODING_MODEL = "claude-sonnet-4-5";
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern CHAT_TOKEN = Pattern.compile("\"content\"\\s*:\\s*\"[^\"]");
    private static final Pattern MESSAGES_TOKEN = Pattern.compile("\"type\"\\s*:\\s*\"text_delta\"");
    private static final Pattern KEY = Pattern.compile("\"key\"\\s*:\\s*\"([^\"]+)\"");

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final String orchestrator;
    private final String simulator;
    private final String admin;
    private final String adminKey;

    /** One way to ask the simulator's coder model for a short answer, plain or streamed. */
    private record Target(String name, String url, String plainBody, String streamBody, Pattern firstToken, String[] headers) {
    }

    CodingClientBenchmark(String orchestrator, String simulator, String admin, String adminKey) {
        this.orchestrator = orchestrator;
        this.simulator = simulator;
        this.admin = admin;
        this.adminKey = adminKey;
    }

    void run(int requests) throws Exception {
        System.out.println("== Coding clients: the messages API with a native profile (the simulator's " + TOOL_MODEL + ")");
        String codingKey = keyWithNativeProfile();
        String chat = "{\"model\":\"%s\",\"max_tokens\":32,\"stream\":%s,\"messages\":[{\"role\":\"user\",\"content\":\"Write hi %%d\"}]}";
        List<Target> targets = List.of(
                new Target("direct", simulator + "/v1/chat/completions", String.format(chat, TOOL_MODEL, false),
                        String.format(chat, TOOL_MODEL, true), CHAT_TOKEN, new String[0]),
                new Target("chat native", orchestrator + "/v1/chat/completions", String.format(chat, TOOL_MODEL + "@local", false),
                        String.format(chat, TOOL_MODEL + "@local", true), CHAT_TOKEN, new String[] {"Authorization", "Bearer " + adminKey}),
                new Target("messages", orchestrator + "/v1/messages", String.format(chat, CODING_MODEL, false),
                        String.format(chat, CODING_MODEL, true), MESSAGES_TOKEN, new String[] {"x-api-key", codingKey,
                        "anthropic-version", "2023-06-01"}));
        for (Target t : targets) {
            for (int i = 0; i < 200; i++) { // warm-up: JIT, connections; the first call fails early with the reason
                plain(t, i);
                firstToken(t, i);
            }
        }
        List<Percentiles> latency = new ArrayList<>();
        List<Percentiles> firstToken = new ArrayList<>();
        for (Target t : targets) {
            Percentiles l = new Percentiles();
            Percentiles f = new Percentiles();
            for (int i = 0; i < requests; i++) {
                long start = System.nanoTime();
                plain(t, i);
                l.add((System.nanoTime() - start) / 1e6);
                f.add(firstToken(t, i));
            }
            latency.add(l);
            firstToken.add(f);
        }
        for (int i = 0; i < targets.size(); i++) {
            System.out.printf(Locale.ROOT, "  %-12s answer p50 %.3f ms, p99 %.3f ms%s%n", targets.get(i).name(), latency.get(i).at(50),
                    latency.get(i).at(99), added(latency, i));
            System.out.printf(Locale.ROOT, "  %-12s first token p50 %.3f ms, p99 %.3f ms%s%n", "", firstToken.get(i).at(50),
                    firstToken.get(i).at(99), added(firstToken, i));
        }
    }

    private static String added(List<Percentiles> figures, int i) {
        return i == 0 ? "" : String.format(Locale.ROOT, "  (adds p50 %.3f ms, p99 %.3f ms)", figures.get(i).at(50) - figures.get(0).at(50),
                figures.get(i).at(99) - figures.get(0).at(99));
    }

    /** A new user with a key bound to a new native profile that sends every accepted model to the simulator's coder. */
    private String keyWithNativeProfile() throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String profile = created("/api/profiles", "{\"name\":\"bench-native-" + suffix + "\",\"accepted_models\":[\"" + CODING_MODEL
                + "\"],\"tool_model\":\"" + TOOL_MODEL + "\",\"tool_endpoint\":\"local\",\"moe_mode\":\"native\"}", ID);
        String user = created("/api/users", "{\"username\":\"bench-coder-" + suffix + "\",\"email\":\"bench-coder-" + suffix
                + "@example.org\",\"password\":\"a-long-bench-password-1\"}", ID);
        return created("/api/users/" + user + "/keys", "{\"label\":\"bench\",\"cc_profile_id\":\"" + profile + "\"}", KEY);
    }

    private String created(String path, String body, Pattern field) {
        return BenchHttp.created(http, admin, adminKey, path, body, field);
    }

    private void plain(Target t, int i) throws Exception {
        HttpResponse<String> response = http.send(request(t, t.plainBody(), i), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException(t.name() + " answered " + response.statusCode() + ": " + response.body());
        }
    }

    /** Milliseconds until the first event carrying content; reads the stream to its end so the connection is reused. */
    private double firstToken(Target t, int i) throws Exception {
        long start = System.nanoTime();
        HttpResponse<InputStream> response = http.send(request(t, t.streamBody(), i), HttpResponse.BodyHandlers.ofInputStream());
        double first = Double.NaN;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            if (response.statusCode() != 200) {
                throw new IllegalStateException(t.name() + " (streamed) answered " + response.statusCode());
            }
            for (String line; (line = lines.readLine()) != null; ) {
                if (Double.isNaN(first) && line.startsWith("data:") && t.firstToken().matcher(line).find()) {
                    first = (System.nanoTime() - start) / 1e6;
                }
            }
        }
        if (Double.isNaN(first)) {
            throw new IllegalStateException(t.name() + " streamed no content");
        }
        return first;
    }

    private HttpRequest request(Target t, String body, int i) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(t.url())).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(String.format(Locale.ROOT, body, i % 1000)));
        for (int h = 0; h < t.headers().length; h += 2) {
            request.header(t.headers()[h], t.headers()[h + 1]);
        }
        return request.build();
    }
}
