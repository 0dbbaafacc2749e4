package io.moe.devservices;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;

/** The launcher's command line: {@code run|start|stop} and the options shared by them. */
record Options(String command, Path data, Path envFile, Path pidFile, int pgPort, int redisPort, int kafkaPort,
               int kafkaAdvertisedPort, int neo4jPort, int simulatorPort, int maxLifetimeMinutes, boolean fresh,
               Set<String> background) {

    /** The stores that may finish starting after the launcher said ready: their URLs are known from their ports. */
    static final Set<String> MAY_START_IN_BACKGROUND = Set.of("neo4j", "kafka");

    static final String USAGE = """
            usage: java -jar devservices.jar run|start|stop [options]
              run     start the stores in this process; Ctrl-C stops them
              start   start 'run' in the background and wait until the stores are ready
              stop    stop the background launcher named by --pid-file; if it must be killed, also
                      stop the servers it leaves running in --data
            options:
              --data DIR                 data folder, kept across restarts (default ./data)
              --env-file FILE            where the store URLs are written (default DIR/devservices.env)
              --pid-file FILE            pid of the background launcher (default DIR/devservices.pid)
              --pg-port N                PostgreSQL (default 15432)
              --redis-port N             Redis (default 16379)
              --kafka-port N             Kafka broker; the controller uses N+1 (default 19092)
              --kafka-advertised-port N  the port the broker tells its clients to connect to (default: the
                                         broker's own): a relay on N to the broker lets a test freeze Kafka alone
              --neo4j-port N             Neo4j Bolt (default 17687)
              --simulator-port N         model simulator (default 11434)
              --max-lifetime-minutes N   stop by itself after N minutes (default: never)
              --background neo4j,kafka   report ready (env file written) before these finished starting:
                                         a server that needs them only later starts meanwhile (default: none)
              --fresh                    delete the data folder first
            A store whose variable is set (MOE_DB_URL, MOE_REDIS_URL, MOE_KAFKA_BOOTSTRAP_SERVERS,
            MOE_NEO4J_URI, MOE_INFERENCE_URL) is not started.""";

    static Options parse(String[] args) {
        if (args.length == 0 || !(args[0].equals("run") || args[0].equals("start") || args[0].equals("stop"))) {
            throw new IllegalArgumentException(USAGE);
        }
        Path data = Path.of("data");
        Path envFile = null;
        Path pidFile = null;
        int pg = 15432, redis = 16379, kafka = 19092, kafkaAdvertised = 0, neo4j = 17687, sim = 11434, lifetime = 0;
        boolean fresh = false;
        Set<String> background = Set.of();
        for (int i = 1; i < args.length; i++) {
            String option = args[i];
            if (option.equals("--fresh")) {
                fresh = true;
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(option + " needs a value\n" + USAGE);
            }
            String value = args[++i];
            switch (option) {
                case "--data" -> data = Path.of(value);
                case "--env-file" -> envFile = Path.of(value);
                case "--pid-file" -> pidFile = Path.of(value);
                case "--pg-port" -> pg = port(option, value);
                case "--redis-port" -> redis = port(option, value);
                case "--kafka-port" -> kafka = port(option, value);
                case "--kafka-advertised-port" -> kafkaAdvertised = port(option, value);
                case "--neo4j-port" -> neo4j = port(option, value);
                case "--simulator-port" -> sim = port(option, value);
                case "--max-lifetime-minutes" -> lifetime = number(option, value);
                case "--background" -> background = background(value);
                default -> throw new IllegalArgumentException("unknown option " + option + "\n" + USAGE);
            }
        }
        data = data.toAbsolutePath().normalize();
        return new Options(args[0], data, envFile == null ? data.resolve("devservices.env") : envFile.toAbsolutePath(),
                pidFile == null ? data.resolve("devservices.pid") : pidFile.toAbsolutePath(),
                pg, redis, kafka, kafkaAdvertised == 0 ? kafka : kafkaAdvertised, neo4j, sim, lifetime, fresh, background);
    }

    private static Set<String> background(String value) {
        Set<String> names = Set.copyOf(Arrays.stream(value.split(",")).map(String::strip).filter(n -> !n.isEmpty()).toList());
        for (String name : names) {
            if (!MAY_START_IN_BACKGROUND.contains(name)) {
                throw new IllegalArgumentException("--background takes " + String.join(",", MAY_START_IN_BACKGROUND.stream().sorted().toList())
                        + ", not " + name + "\n" + USAGE);
            }
        }
        return names;
    }

    private static int port(String option, String value) {
        int port = number(option, value);
        if (port < 1 || port > 65534) {
            throw new IllegalArgumentException(option + " must be a port between 1 and 65534");
        }
        return port;
    }

    private static int number(String option, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a number, not '" + value + "'");
        }
    }
}
