package io.moe.domain.template;

import io.moe.domain.shared.StoredItem;
import jakarta.json.JsonObject;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;

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
public class UserTemplateRecord extends StoredItem {

    @Column(name = "user_id")
    private String userId;
    private String description;
    @Column(name = "cost_factor")
    private double costFactor;
    @Transient
    private final transient TemplateParse parse = new TemplateParse();

    protected UserTemplateRecord() {
    }

    public UserTemplateRecord(String userId, ExpertTemplate template) {
        super(template.name(), template.toJson().toString());
        this.userId = userId;
        described(template);
    }

    /** Overwrites the configuration (and the name, description and cost factor it states); id, owner and creation time stay. */
    public void change(ExpertTemplate template) {
        store(template.name(), template.toJson().toString());
        described(template);
    }

    private void described(ExpertTemplate template) {
        this.description = template.description();
        this.costFactor = template.costFactor();
    }

    public String userId() {
        return userId;
    }

    public ExpertTemplate template() {
        return parse.of(configJson());
    }

    @Override
    protected JsonObject fields() {
        return template().toJson();
    }
}
