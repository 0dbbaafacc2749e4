package io.moe.devservices;

import java.util.Map;

/** One local server the launcher can start and stop. */
interface Store extends AutoCloseable {

    /** Short name for logs, e.g. {@code postgres}. */
    String name();

    /** The environment variable that, when set, means this store is configured and is not started. */
    String configuredBy();

    /** Starts the server and blocks until it accepts connections. */
    void start() throws Exception;

    /** The environment lines that point the service at this store. */
    Map<String, String> environment();

    @Override
    void close();
}
