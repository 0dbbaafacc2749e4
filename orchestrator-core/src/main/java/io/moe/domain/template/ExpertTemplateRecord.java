package io.moe.domain.template;

import io.moe.domain.shared.Ids;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;

import java.time.OffsetDateTime;

/** An admin-managed expert template as stored: the item JSON plus identifier, active flag and timestamps. */
@Entity
@Table(name = "expert_template")
@NamedQuery(name = "ExpertTemplateRecord.byName", query = "SELECT t FROM ExpertTemplateRecord t WHERE t.name = :name")
@NamedQuery(name = "ExpertTemplateRecord.all", query = "SELECT t FROM ExpertTemplateRecord t ORDER BY t.name")
public class ExpertTemplateRecord {

    @Id
    private String id;
    private String name;
    private String description;
    @Column(name = "cost_factor")
    private double costFactor;
    @Column(name = "config_json")
    private String configJson;
    @Column(name = "is_active")
    private int active;
    @Column(name = "created_at")
    private OffsetDateTime createdAt;
    @Column(name = "updated_at")
    private OffsetDateTime updatedAt;
    @Transient
    private final transient TemplateParse parse = new TemplateParse();

    protected ExpertTemplateRecord() {
    }

    public ExpertTemplateRecord(ExpertTemplate template, String configJson) {
        this.id = Ids.newId();
        this.name = template.name();
        this.description = template.description();
        this.costFactor = template.costFactor();
        this.configJson = configJson;
        this.active = 1;
        this.createdAt = Ids.nowUtc();
        this.updatedAt = createdAt;
    }

    /** Overwrites the configuration (and the name, description and cost factor it states); id and creation time stay. */
    public void change(ExpertTemplate template, String configJson) {
        this.name = template.name();
        this.description = template.description();
        this.costFactor = template.costFactor();
        this.configJson = configJson;
        this.updatedAt = Ids.nowUtc();
    }

    public String id() {
        return id;
    }

    public String name() {
        return name;
    }

    public boolean isActive() {
        return active == 1;
    }

    public OffsetDateTime createdAt() {
        return createdAt;
    }

    public OffsetDateTime updatedAt() {
        return updatedAt;
    }

    public ExpertTemplate template() {
        return parse.of(configJson);
    }

    public String configJson() {
        return configJson;
    }
}
