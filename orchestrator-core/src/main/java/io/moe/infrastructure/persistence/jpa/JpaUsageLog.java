package io.moe.infrastructure.persistence.jpa;

import io.moe.infrastructure.persistence.BehindDatabaseBreaker;
import io.moe.domain.identity.UsageEntry;
import io.moe.domain.identity.UsageLog;
import io.moe.domain.identity.UsagePeriod;
import io.moe.domain.identity.UsageRanking;
import io.moe.domain.identity.UsageTotals;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The usage log in table {@code usage_log}; the service-wide sums run in PostgreSQL, never over loaded rows. Reads go
 * through the database's circuit breaker; {@link #appendAll} (the background writers', which wait and retry) does not.
 */
@ApplicationScoped
public class JpaUsageLog implements UsageLog {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Override
    public void appendAll(Collection<UsageEntry> entries) {
        if (entries.isEmpty()) {
            return;
        }
        Set<String> logged = new HashSet<>(em.createQuery("SELECT u.id FROM UsageEntry u WHERE u.id IN :ids", String.class)
                .setParameter("ids", entries.stream().map(UsageEntry::id).toList()).getResultList());
        entries.stream().filter(entry -> logged.add(entry.id())).forEach(em::persist);
    }

    @Override
    @BehindDatabaseBreaker
    public List<UsageEntry> recent(String userId, int max) {
        return em.createNamedQuery("UsageEntry.ofUser", UsageEntry.class).setParameter("userId", userId)
                .setMaxResults(max).getResultList();
    }

    @Override
    @BehindDatabaseBreaker
    public List<Object[]> totals(String userId) {
        return em.createQuery("SELECT u.status, COUNT(u), SUM(u.promptTokens), SUM(u.completionTokens), SUM(u.totalTokens),"
                + " SUM(u.weightedTokens) FROM UsageEntry u WHERE u.userId = :userId GROUP BY u.status", Object[].class)
                .setParameter("userId", userId).getResultList();
    }

    @Override
    @BehindDatabaseBreaker
    public UsageTotals totalsSince(OffsetDateTime since) {
        // the knowledge ingest's judge calls (mode 'ingest', the system account) are tokens spent, not requests of a user
        Object[] row = em.createQuery("SELECT SUM(CASE WHEN u.moeMode = :ingest THEN 0 ELSE 1 END), SUM(u.totalTokens),"
                + " SUM(CASE WHEN u.status = :refused THEN 1 ELSE 0 END),"
                + " SUM(CASE WHEN u.status = :error AND u.moeMode <> :ingest THEN 1 ELSE 0 END)"
                + " FROM UsageEntry u WHERE u.requestedAt >= :since", Object[].class)
                .setParameter("refused", UsageEntry.BUDGET_EXCEEDED).setParameter("error", UsageEntry.ERROR)
                .setParameter("ingest", "ingest").setParameter("since", since).getSingleResult();
        return new UsageTotals(number(row[0]), number(row[1]), number(row[2]), number(row[3]));
    }

    @Override
    @BehindDatabaseBreaker
    public List<UsageRanking> busiestUsers(OffsetDateTime since, int max) {
        return ranking("u.userId", since, max);
    }

    @Override
    @BehindDatabaseBreaker
    public List<UsageRanking> busiestModels(OffsetDateTime since, int max) {
        return ranking("u.model", since, max);
    }

    private List<UsageRanking> ranking(String key, OffsetDateTime since, int max) {
        return em.createQuery("SELECT " + key + ", COUNT(u), SUM(u.totalTokens) FROM UsageEntry u"
                        + " WHERE u.requestedAt >= :since GROUP BY " + key + " ORDER BY SUM(u.totalTokens) DESC, COUNT(u) DESC",
                        Object[].class)
                .setParameter("since", since).setMaxResults(max).getResultList().stream()
                .map(r -> new UsageRanking(String.valueOf(r[0]), number(r[1]), number(r[2]))).toList();
    }

    @Override
    @BehindDatabaseBreaker
    public List<UsageEntry> recentErrors(int max) {
        return em.createQuery("SELECT u FROM UsageEntry u WHERE u.status = :error ORDER BY u.requestedAt DESC", UsageEntry.class)
                .setParameter("error", UsageEntry.ERROR).setMaxResults(max).getResultList();
    }

    @Override
    @BehindDatabaseBreaker
    @SuppressWarnings("unchecked")
    public List<UsageRanking> perDay(String userId, LocalDate since, String model) {
        var query = em.createNativeQuery("SELECT CAST((requested_at AT TIME ZONE 'UTC') AS DATE) AS day, COUNT(*),"
                + " COALESCE(SUM(total_tokens), 0) FROM usage_log WHERE requested_at >= ?1"
                + (userId == null ? "" : " AND user_id = ?2") + (model == null ? "" : " AND model = ?3") + " GROUP BY 1 ORDER BY 1");
        query.setParameter(1, since.atStartOfDay().atOffset(ZoneOffset.UTC));
        if (userId != null) {
            query.setParameter(2, userId);
        }
        if (model != null) {
            query.setParameter(3, model);
        }
        return ((List<Object[]>) query.getResultList()).stream()
                .map(r -> new UsageRanking(String.valueOf(r[0]), number(r[1]), number(r[2]))).toList();
    }

    @Override
    @BehindDatabaseBreaker
    public List<UsageEntry> search(String userId, OffsetDateTime from, OffsetDateTime to, String model, int max) {
        var query = em.createQuery("SELECT u FROM UsageEntry u WHERE u.userId = :userId AND u.requestedAt >= :from"
                + " AND u.requestedAt < :to" + (model == null ? "" : " AND u.model = :model") + " ORDER BY u.requestedAt DESC", UsageEntry.class)
                .setParameter("userId", userId).setParameter("from", from).setParameter("to", to);
        if (model != null) {
            query.setParameter("model", model);
        }
        return query.setMaxResults(max).getResultList();
    }

    @Override
    @BehindDatabaseBreaker
    public List<UsageRanking> perModel(String userId, OffsetDateTime from, OffsetDateTime to) {
        return em.createQuery("SELECT u.model, COUNT(u), SUM(u.totalTokens) FROM UsageEntry u WHERE u.userId = :userId"
                        + " AND u.requestedAt >= :from AND u.requestedAt < :to GROUP BY u.model ORDER BY SUM(u.totalTokens) DESC", Object[].class)
                .setParameter("userId", userId).setParameter("from", from).setParameter("to", to).getResultList().stream()
                .map(r -> new UsageRanking(String.valueOf(r[0]), number(r[1]), number(r[2]))).toList();
    }

    @Override
    @BehindDatabaseBreaker
    @SuppressWarnings("unchecked")
    public List<UsagePeriod> perMonth(String userId, LocalDate since) {
        var query = em.createNativeQuery("SELECT TO_CHAR(requested_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, COUNT(*),"
                + " COALESCE(SUM(total_tokens), 0), COALESCE(SUM(weighted_tokens), 0) FROM usage_log"
                + " WHERE user_id = ?1 AND requested_at >= ?2 GROUP BY 1 ORDER BY 1");
        query.setParameter(1, userId).setParameter(2, since.atStartOfDay().atOffset(ZoneOffset.UTC));
        return ((List<Object[]>) query.getResultList()).stream()
                .map(r -> new UsagePeriod(String.valueOf(r[0]), number(r[1]), number(r[2]), number(r[3]))).toList();
    }

    private static long number(Object value) {
        return value == null ? 0 : ((Number) value).longValue();
    }
}
