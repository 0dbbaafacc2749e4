package io.moe.infrastructure.persistence.jdbc;

import io.moe.infrastructure.persistence.BehindDatabaseBreaker;
import io.moe.application.identity.PasswordResetStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/** The password-reset links in table {@code password_reset}, with parameterised statements in the caller's transaction. */
@ApplicationScoped
@BehindDatabaseBreaker
public class JdbcPasswordResetStore implements PasswordResetStore {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Override
    public void issue(String tokenHash, String userId, OffsetDateTime createdAt, OffsetDateTime expiresAt) {
        closeAll(userId, createdAt);
        em.createNativeQuery("INSERT INTO password_reset (token_hash, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)")
                .setParameter(1, tokenHash).setParameter(2, userId).setParameter(3, createdAt).setParameter(4, expiresAt).executeUpdate();
    }

    @Override
    @SuppressWarnings("unchecked")
    public Optional<Link> find(String tokenHash) {
        List<Object[]> rows = em.createNativeQuery("SELECT user_id, expires_at, used_at FROM password_reset WHERE token_hash = ?1")
                .setParameter(1, tokenHash).getResultList();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Object[] row = rows.get(0);
        return Optional.of(new Link((String) row[0], time(row[1]), row[2] == null));
    }

    @Override
    public void closeAll(String userId, OffsetDateTime at) {
        em.createNativeQuery("UPDATE password_reset SET used_at = ?1 WHERE user_id = ?2 AND used_at IS NULL")
                .setParameter(1, at).setParameter(2, userId).executeUpdate();
    }

    @Override
    public boolean close(String tokenHash, OffsetDateTime at) {
        return em.createNativeQuery("UPDATE password_reset SET used_at = ?1 WHERE token_hash = ?2 AND used_at IS NULL")
                .setParameter(1, at).setParameter(2, tokenHash).executeUpdate() == 1;
    }

    private static OffsetDateTime time(Object value) {
        if (value instanceof OffsetDateTime t) {
            return t;
        }
        if (value instanceof java.sql.Timestamp t) {
            return t.toInstant().atOffset(java.time.ZoneOffset.UTC);
        }
        if (value instanceof java.time.Instant i) {
            return i.atOffset(java.time.ZoneOffset.UTC);
        }
        return OffsetDateTime.parse(value.toString().replace(' ', 'T'));
    }
}
