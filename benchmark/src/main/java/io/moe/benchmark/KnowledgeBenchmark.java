package io.moe.benchmark;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import org.neo4j.driver.AuthTokens;
import org.neo4j.driver.Driver;
import org.neo4j.driver.GraphDatabase;
import org.neo4j.driver.Session;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * Knowledge bundles at size, over HTTP against the running service: imports a graph of {@code relations}
 * relations among {@code relations / 20} entities in parts of {@value #PART} relations (the body limit),
 * exports it (streamed, bytes counted, not kept), waits for the background name embeddings, and times
 * GET /graph/search. Prints throughput and percentiles; asserts nothing.
 */
final class KnowledgeBenchmark {

    static final int PART = 20_000;
    static final int SEARCHES = 200;
    private static final String[] PREDICATES = {"PART_OF", "CAUSES", "TREATS", "RELATES_TO", "LOCATED_IN", "USES", "PRODUCES",
            "REQUIRES", "PRECEDES", "CONTAINS"};
    private static final String[] WORDS = {"river", "protein", "engine", "harbour", "violin", "glacier", "enzyme", "compiler",
            "orchard", "satellite", "lantern", "mineral", "reactor", "meadow", "cathedral", "vaccine", "turbine", "archive",
            "canyon", "molecule"};

    private final String orchestrator;
    private final String key;
    private final String neo4jUri;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Random random = new Random(7);

    KnowledgeBenchmark(String orchestrator, String key, String neo4jUri) {
        this.orchestrator = orchestrator;
        this.key = key;
        this.neo4jUri = neo4jUri;
    }

    void run(int relations) throws IOException, InterruptedException {
        int entities = Math.max(10, relations / 20);
        System.out.printf(Locale.ROOT, "== Knowledge bundles: %,d relations among %,d entities%n", relations, entities);
        Set<String> pairs = new HashSet<>();
        long start = System.nanoTime();
        long bytes = 0;
        for (int done = 0; done < relations; done += PART) {
            int n = Math.min(PART, relations - done);
            JsonArrayBuilder es = Json.createArrayBuilder();
            JsonArrayBuilder rs = Json.createArrayBuilder();
            for (int i = 0; i < n; i++) {
                int s;
                int o;
                String p;
                do {
                    s = random.nextInt(entities);
                    o = random.nextInt(entities);
                    p = PREDICATES[random.nextInt(PREDICATES.length)];
                } while (s == o || !pairs.add(s + " " + p + " " + o));
                rs.add(Json.createObjectBuilder().add("subject", name(s)).add("predicate", p).add("object", name(o))
                        .add("confidence", 0.6).add("trust_score", 0.4));
            }
            if (done == 0) {
                for (int e = 0; e < entities; e++) {
                    es.add(Json.createObjectBuilder().add("name", name(e)).add("type", "concept").add("domain", "bench"));
                }
            }
            String body = Json.createObjectBuilder().add("bundle", Json.createObjectBuilder().add("format_version", "1.0")
                    .add("entities", es).add("relations", rs)).add("source_tag", "bench").build().toString();
            bytes += body.length();
            HttpResponse<String> r = http.send(request("/graph/knowledge/import").header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                System.out.println("import refused: " + r.statusCode() + " " + r.body());
                return;
            }
        }
        double importSeconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "import: %,d relations in %.1f s = %,.0f relations/s (%.1f MB of bundles over HTTP)%n",
                relations, importSeconds, relations / importSeconds, bytes / 1e6);

        start = System.nanoTime();
        HttpResponse<InputStream> export = http.send(request("/graph/knowledge/export?domains=bench&min_trust=0").GET().build(),
                HttpResponse.BodyHandlers.ofInputStream());
        long exported = 0;
        try (InputStream in = export.body()) {
            byte[] buffer = new byte[65536];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                exported += n;
            }
        }
        double exportSeconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "export: %,d relations in %.1f s = %,.0f relations/s (%.1f MB streamed, status %d)%n",
                relations, exportSeconds, relations / exportSeconds, exported / 1e6, export.statusCode());

        start = System.nanoTime();
        long left = awaitEmbeddings(Duration.ofMinutes(15));
        System.out.printf(Locale.ROOT, "background name embeddings: %.1f s until %s%n", (System.nanoTime() - start) / 1e9,
                left == 0 ? "all entities were searchable" : left + " entities were still waiting (search ran anyway)");

        Percentiles search = new Percentiles();
        for (int q = 0; q < SEARCHES; q++) {
            String query = URLEncoder.encode(WORDS[q % WORDS.length] + " " + (q * 37 % entities), StandardCharsets.UTF_8);
            long t = System.nanoTime();
            HttpResponse<String> r = http.send(request("/graph/search?limit=10&q=" + query).GET().build(), HttpResponse.BodyHandlers.ofString());
            search.add((System.nanoTime() - t) / 1e6);
            if (r.statusCode() != 200) {
                System.out.println("search failed: " + r.statusCode() + " " + r.body());
                return;
            }
        }
        System.out.println("GET /graph/search at this size: " + search.summary());
    }

    private long awaitEmbeddings(Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        try (Driver driver = GraphDatabase.driver(neo4jUri, AuthTokens.none()); Session session = driver.session()) {
            while (true) {
                long left = session.run("MATCH (e:Entity) WHERE e.embedding IS NULL RETURN count(e) AS n").single().get("n").asLong();
                if (left == 0 || System.nanoTime() > deadline) {
                    return left;
                }
                Thread.sleep(1000); // polling the background pass
            }
        }
    }

    private static String name(int i) {
        return WORDS[i % WORDS.length] + " " + i;
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(orchestrator + path)).timeout(Duration.ofMinutes(10)).header("Authorization", "Bearer " + key);
    }
}
