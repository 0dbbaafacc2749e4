package io.moe.domain.template;

import io.moe.domain.shared.StoredItem;
import jakarta.json.JsonObject;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;

/** An admin-managed expert template as stored: the item JSON plus identifier, active flag and timestamps. */
@Entity
@Table(name = "expert_template")
@NamedQuery(name = "ExpertTemplateRecord.byName", query = "SELECT t FROM ExpertTemplateRecord t WHERE t.name = :name")
@NamedQuery(name = "ExpertTemplateRecord.all", query = "SELECT t FROM ExpertTemplateRecord t ORDER BY t.name")
public class ExpertTemplateRecord extends StoredItem {

    private String description;
    @Column(name = "cost_factor")
    private double costFactor;
    @Transient
    private final transient TemplateParse parse = new TemplateParse();

    protected ExpertTemplateRecord() {
    }

    public ExpertTemplateRecord(ExpertTemplate template, String configJson) {
        super(template.name(), configJson);
        described(template);
    }

    /** Overwrites the configuration (and the name, description and cost factor it states); id and creation time stay. */
    public void change(ExpertTemplate template, String configJson) {
        store(template.name(), configJson);
        described(template);
    }

    private void described(ExpertTemplate template) {
        this.description = template.description();
        this.costFactor = template.costFactor();
    }

    public ExpertTemplate template() {
        return parse.of(configJson());
    }

    @Override
    protected JsonObject fields() {
        return template().toJson();
    }
}
