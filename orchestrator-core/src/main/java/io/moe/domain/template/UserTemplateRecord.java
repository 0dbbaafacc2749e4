package io.moe.domain.template;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

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
public class UserTemplateRecord extends StoredTemplate {

    @Column(name = "user_id")
    private String userId;

    protected UserTemplateRecord() {
    }

    public UserTemplateRecord(String userId, ExpertTemplate template) {
        super(template, template.toJson().toString());
        this.userId = userId;
    }

    /** Overwrites the configuration (and the name, description and cost factor it states); id, owner and creation time stay. */
    public void change(ExpertTemplate template) {
        store(template, template.toJson().toString());
    }

    public String userId() {
        return userId;
    }
}
