package io.moe.benchmark;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The benchmark command (bench.sh): prints figures, never asserts them.
 * Arguments: --orchestrator URL --simulator URL --neo4j URI --key KEY [--server-pid PID]
 * [--cache-sizes 10000,100000 [--only-cache yes]] [--requests 200] [--concurrency 16] [--only-hot-path yes]
 * [--pass-through-requests 2000 [--pass-through-concurrency 64] [--portkey URL] [--only-pass-through yes]]
 * [--admin URL --coding-requests 500 [--only-coding-clients yes]]
 * [--knowledge-relations 100000 [--only-knowledge yes]]
 * [--soak-seconds 60 [--only-soak yes] [--orchestrator2 URL --server2-pid PID] [--kafka BOOTSTRAP-SERVERS]]
 * [--hostile-bodies 5000 [--only-hostile yes]]
 * [--frozen-stores DATA-DIR [--only-frozen-stores yes]].
 */
public final class Benchmark {

    /** The soak's event reader logs every step of its group membership at INFO; kept here so the level holds. */
    private static final java.util.logging.Logger KAFKA_LOGS = java.util.logging.Logger.getLogger("org.apache.kafka");

    private Benchmark() {
    }

    public static void main(String[] args) throws Exception {
        KAFKA_LOGS.setLevel(java.util.logging.Level.WARNING);
        MachineSpeed.print();
        Map<String, String> a = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            a.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        if (a.containsKey("only-frozen-stores")) {
            frozenStores(a);
            return;
        }
        if (a.containsKey("only-soak")) {
            soak(a);
            return;
        }
        if (a.containsKey("only-hostile")) {
            hostile(a);
            return;
        }
        if (a.containsKey("only-cache")) {
            cacheLookups(a);
            return;
        }
        if (a.containsKey("only-pass-through")) {
            passThrough(a);
            return;
        }
        if (a.containsKey("only-hot-path")) {
            hotPath(a, 150); // a server just started: warm it up as the figures before the hot path do in a whole run
            new ChatBenchmark(a.get("orchestrator"), a.get("simulator"), a.get("key"))
                    .parallelStage(Integer.parseInt(a.getOrDefault("parallel-runs", "10")), a.get("admin"));
            return;
        }
        if (a.containsKey("knowledge-relations")) {
            new KnowledgeBenchmark(a.get("orchestrator"), a.get("key"), a.get("neo4j")).run(Integer.parseInt(a.get("knowledge-relations")));
            if (a.containsKey("only-knowledge")) {
                return;
            }
        }
        if (a.containsKey("pass-through-requests")) {
            passThrough(a);
        }
        if (a.containsKey("coding-requests")) {
            new CodingClientBenchmark(a.get("orchestrator"), a.get("simulator"), a.get("admin"), a.get("key"))
                    .run(Integer.parseInt(a.get("coding-requests")));
            if (a.containsKey("only-coding-clients")) {
                return;
            }
        }
        ChatBenchmark chat = new ChatBenchmark(a.get("orchestrator"), a.get("simulator"), a.get("key"));
        hotPath(a, 0);
        chat.parallelStage(Integer.parseInt(a.getOrDefault("parallel-runs", "10")), a.get("admin"));
        chat.throughput(Integer.parseInt(a.getOrDefault("requests", "200")), Integer.parseInt(a.getOrDefault("concurrency", "16")),
                Long.parseLong(a.getOrDefault("server-pid", "0")));
        cacheLookups(a);
        if (a.containsKey("soak-seconds")) {
            soak(a);
        }
        if (a.containsKey("hostile-bodies")) {
            hostile(a);
        }
        if (a.containsKey("frozen-stores")) {
            frozenStores(a); // last: it freezes stores the other figures need
        }
    }

    /** The hot path one request at a time: cache hit, the stages of a miss, streamed answers' first tokens. */
    private static void hotPath(Map<String, String> a, int warmUp) throws Exception {
        new StageFiguresBenchmark(a.get("orchestrator"), a.get("simulator"), a.get("key"))
                .run(Integer.parseInt(a.getOrDefault("stage-questions", "30")), warmUp);
    }

    /** Native pass-through beside the direct call and Portkey. */
    private static void passThrough(Map<String, String> a) throws Exception {
        new PassThroughBenchmark(a.get("orchestrator"), a.get("simulator"), a.get("key"), a.get("portkey"),
                List.of(Long.parseLong(a.getOrDefault("server-pid", "0")), storesPid(a)))
                .run(Integer.parseInt(a.getOrDefault("pass-through-requests", "2000")), Integer.parseInt(a.getOrDefault("pass-through-concurrency", "64")));
    }

    /** The semantic-cache lookup at each of the cache sizes. */
    private static void cacheLookups(Map<String, String> a) throws InterruptedException {
        List<Integer> sizes = Arrays.stream(a.getOrDefault("cache-sizes", "10000,100000").split(",")).map(Integer::parseInt).toList();
        new CacheLookupBenchmark(a.get("neo4j"), storesPid(a)).run(sizes);
    }

    /** The soak under faults, at most 5 minutes long. */
    private static void soak(Map<String, String> a) throws Exception {
        long seconds = Math.max(10, Math.min(300, Long.parseLong(a.getOrDefault("soak-seconds", "60"))));
        List<String> nodes = a.containsKey("orchestrator2") && !a.get("orchestrator2").isBlank()
                ? List.of(a.get("orchestrator"), a.get("orchestrator2")) : List.of(a.get("orchestrator"));
        List<Long> pids = Arrays.stream((a.getOrDefault("server-pid", "0") + "," + a.getOrDefault("server2-pid", "")).split(","))
                .filter(p -> !p.isBlank()).map(Long::parseLong).limit(nodes.size()).toList();
        new SoakBenchmark(nodes, a.get("kafka"), a.get("simulator"), a.get("admin"), a.get("key"), pids, storesPid(a))
                .run(java.time.Duration.ofSeconds(seconds));
    }

    /** The security issue's round of hostile inputs, then the memory of the server and the store launcher. */
    private static void hostile(Map<String, String> a) throws InterruptedException {
        new HostileRoundBenchmark(a.get("orchestrator"), a.get("admin"), a.get("key"), Long.parseLong(a.getOrDefault("server-pid", "0")),
                storesPid(a)).run(Integer.parseInt(a.getOrDefault("hostile-bodies", "5000")));
    }

    /** The store launcher's pid, from the pid file in the data folder bench.sh passes as --frozen-stores. */
    private static long storesPid(Map<String, String> a) {
        try {
            return a.containsKey("frozen-stores")
                    ? Long.parseLong(java.nio.file.Files.readString(Path.of(a.get("frozen-stores"), "devservices.pid")).trim()) : 0;
        } catch (java.io.IOException | NumberFormatException e) {
            return 0;
        }
    }

    private static void frozenStores(Map<String, String> a) throws Exception {
        new FrozenStoreBenchmark(a.get("orchestrator"), a.get("simulator"), a.get("key"), Path.of(a.get("frozen-stores")))
                .run(Integer.parseInt(a.getOrDefault("frozen-requests", "200")));
    }
}
