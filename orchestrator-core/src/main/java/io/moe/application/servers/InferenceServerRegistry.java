package io.moe.application.servers;

import java.util.List;
import java.util.Optional;

/**
 * Where the inference servers are kept (PostgreSQL table {@code inference_server}). Writes join the
 * caller's transaction; a duplicate name fails with the store's unique-constraint error.
 */
public interface InferenceServerRegistry {

    /** Every server, enabled or not, ordered by name. */
    List<ServerSettings> all();

    Optional<ServerSettings> withId(String id);

    Optional<ServerSettings> withName(String name);

    boolean isEmpty();

    void add(ServerSettings server);

    /** Overwrites the stored server with the same id. */
    void replace(ServerSettings server);

    void remove(String id);
}
