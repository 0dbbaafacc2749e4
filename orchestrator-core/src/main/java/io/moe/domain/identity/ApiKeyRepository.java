package io.moe.domain.identity;

import java.util.List;
import java.util.Optional;

/** Port: the API keys, found by id, by the hash of the raw key, or by user. {@link #add} writes at once. */
public interface ApiKeyRepository {

    Optional<ApiKey> find(String id);

    /** The key whose raw secret hashes to {@code keyHash} ({@link ApiKeySecret#hashOf}). */
    Optional<ApiKey> withHash(String keyHash);

    /** The user's keys, oldest first. */
    List<ApiKey> ofUser(String userId);

    void add(ApiKey key);

    /** Deletes the key's row (a revoked or expired one: usage rows keep its id). */
    void remove(ApiKey key);
}
