package io.moe.infrastructure.persistence.jpa;

import io.moe.application.servers.ApiType;
import io.moe.application.servers.ServerSettings;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

import java.math.BigDecimal;
import java.net.URI;
import java.time.OffsetDateTime;

/** A row of table {@code inference_server}; the mapping between it and {@link ServerSettings}, nothing else. */
@Entity
@Table(name = "inference_server")
@NamedQuery(name = "InferenceServerRow.all", query = "SELECT s FROM InferenceServerRow s ORDER BY s.name")
@NamedQuery(name = "InferenceServerRow.byName", query = "SELECT s FROM InferenceServerRow s WHERE s.name = :name")
@NamedQuery(name = "InferenceServerRow.count", query = "SELECT COUNT(s) FROM InferenceServerRow s")
public class InferenceServerRow {

    @Id
    private String id;
    private String name;
    private String url;
    @Column(name = "api_type")
    private String apiType;
    @Column(name = "sealed_token")
    private String sealedToken;
    private int concurrency;
    @Column(name = "timeout_seconds")
    private int timeoutSeconds;
    @Column(name = "cost_factor")
    private BigDecimal costFactor;
    private boolean enabled;
    @Column(name = "created_at")
    private OffsetDateTime createdAt;
    @Column(name = "updated_at")
    private OffsetDateTime updatedAt;

    protected InferenceServerRow() {
    }

    InferenceServerRow(ServerSettings s) {
        this.id = s.id();
        copy(s);
    }

    /** Takes every field of {@code s} but the id. */
    void copy(ServerSettings s) {
        name = s.name();
        url = s.url().toString();
        apiType = s.apiType().wireName();
        sealedToken = s.sealedToken();
        concurrency = s.concurrency();
        timeoutSeconds = s.timeoutSeconds();
        costFactor = s.costFactor();
        enabled = s.enabled();
        createdAt = s.createdAt();
        updatedAt = s.updatedAt();
    }

    ServerSettings settings() {
        return new ServerSettings(id, name, URI.create(url), ApiType.of(apiType).orElseThrow(), sealedToken, concurrency,
                timeoutSeconds, costFactor.stripTrailingZeros().scale() < 0 ? costFactor.setScale(0) : costFactor.stripTrailingZeros(),
                enabled, createdAt, updatedAt);
    }
}
