package io.moe.application.identity;

import java.time.OffsetDateTime;
import java.util.Optional;

/** Port: the one-time password-reset links, by the hash of their token. Writes join the caller's transaction. */
public interface PasswordResetStore {

    /** A stored link: whose it is and until when it may be used (null: used or replaced). */
    record Link(String userId, OffsetDateTime expiresAt, boolean open) {
    }

    /** Stores a new link of {@code userId}; the user's earlier open links are closed. */
    void issue(String tokenHash, String userId, OffsetDateTime createdAt, OffsetDateTime expiresAt);

    Optional<Link> find(String tokenHash);

    /** Closes the link if it is still open; false when it was used or replaced already (a second redeem loses). */
    boolean close(String tokenHash, OffsetDateTime at);

    /** Closes every open link of {@code userId}: its password, e-mail address or state changed, and a link out there must not outlive that. */
    void closeAll(String userId, OffsetDateTime at);
}
