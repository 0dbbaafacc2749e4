package io.moe.devservices;

import java.io.IOException;
import java.util.Map;

/** One local server the launcher can start and stop. */
interface Store extends AutoCloseable {

    /** Short name for logs, e.g. {@code postgres}. */
    String name();

    /** The environment variable that, when set, means this store is configured and is not started. */
    String configuredBy();

    /**
     * Ends a server of this store's data folder that a killed launcher left running (it would hold the
     * port and the files). Called before the port checks; nothing to do for stores inside the JVM.
     */
    default void stopLeftOver() throws IOException {
    }

    /** Starts the server and blocks until it accepts connections. */
    void start() throws Exception;

    /** The environment lines that point the service at this store. */
    Map<String, String> environment();

    /** Where clients connect, for the log: the first value of {@link #environment()}. */
    default String url() {
        return environment().values().iterator().next();
    }

    @Override
    void close();
}
