package io.moe.it;

/** Where the started server, stores and simulator of the black-box test run are (set by the build). */
public final class ItConfig {

    private ItConfig() {
    }

    public static String orchestratorUrl() {
        return property("moe.it.orchestrator-url", "http://127.0.0.1:18002");
    }

    public static String adminUrl() {
        return property("moe.it.admin-url", "http://127.0.0.1:18088");
    }

    public static String toolsUrl() {
        return property("moe.it.tools-url", "http://127.0.0.1:18003");
    }

    public static String simulatorUrl() {
        return property("moe.it.simulator-url", "http://127.0.0.1:21434");
    }

    /** The first admin's API key, fixed for the test server through MOE_ADMIN_API_KEY. */
    public static String apiKey() {
        return property("moe.it.api-key", null);
    }

    public static String dbUrl() {
        return property("moe.it.db-url", "jdbc:postgresql://127.0.0.1:25432/moe");
    }

    public static String neo4jUri() {
        return property("moe.it.neo4j-uri", "bolt://127.0.0.1:27687");
    }

    public static String nodeDir() {
        return property("moe.it.node-dir", "src/test/node");
    }

    private static String property(String name, String fallback) {
        String value = System.getProperty(name, fallback);
        if (value == null) {
            throw new IllegalStateException("system property " + name + " is not set; run the tests through Maven");
        }
        return value;
    }
}
