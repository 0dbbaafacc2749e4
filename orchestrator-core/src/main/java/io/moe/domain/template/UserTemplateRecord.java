package io.moe.domain.template;

import io.moe.domain.shared.Ids;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;

import java.time.OffsetDateTime;

/**
 * A user's own expert template (spec resource user_expert_templates): the item JSON, its owner, active flag
 * and timestamps. Names are unique per owner.
 */
@Entity
@Table(name = "user_expert_templates")
@NamedQuery(name = "UserTemplateRecord.ofUser",
        query = "SELECT t FROM UserTemplateRecord t WHERE t.userId = :userId ORDER BY t.name")
@NamedQuery(name = "UserTemplateRecord.active", query = "SELECT t FROM UserTemplateRecord t WHERE t.active = 1")
@NamedQuery(name = "UserTemplateRecord.all", query = "SELECT t FROM UserTemplateRecord t ORDER BY t.userId, t.name")
public class UserTemplateRecord {

    @Id
    private String id;
    @Column(name = "user_id")
    private String userId;
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

    protected UserTemplateRecord() {
    }

    public UserTemplateRecord(String userId, ExpertTemplate template) {
        this.id = Ids.newId();
        this.userId = userId;
        this.active = 1;
        this.createdAt = Ids.nowUtc();
        change(template);
    }

    /** Overwrites the configuration (and the name, description and cost factor it states); id, owner and creation time stay. */
    public void change(ExpertTemplate template) {
        this.name = template.name();
        this.description = template.description();
        this.costFactor = template.costFactor();
        this.configJson = template.toJson().toString();
        this.updatedAt = Ids.nowUtc();
    }

    public void toggle() {
        this.active = 1 - active;
        this.updatedAt = Ids.nowUtc();
    }

    public String id() {
        return id;
    }

    public String userId() {
        return userId;
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

    /** The item as the portal and the admin API answer it: id, the template's fields, is_active, created_at, updated_at. */
    public jakarta.json.JsonObject toJson() {
        return io.moe.domain.shared.Jsonp.createObjectBuilder().add("id", id)
                .addAll(io.moe.domain.shared.Jsonp.createObjectBuilder(template().toJson()))
                .add("is_active", isActive())
                .add("created_at", Ids.iso(createdAt)).add("updated_at", Ids.iso(updatedAt)).build();
    }
}
