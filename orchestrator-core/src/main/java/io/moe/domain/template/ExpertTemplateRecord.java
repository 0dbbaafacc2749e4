package io.moe.domain.template;

import jakarta.persistence.Entity;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/** An admin-managed expert template as stored: the item JSON plus identifier, active flag and timestamps. */
@Entity
@Table(name = "expert_template")
@NamedQuery(name = "ExpertTemplateRecord.byName", query = "SELECT t FROM ExpertTemplateRecord t WHERE t.name = :name")
@NamedQuery(name = "ExpertTemplateRecord.all", query = "SELECT t FROM ExpertTemplateRecord t ORDER BY t.name")
public class ExpertTemplateRecord extends StoredTemplate {

    protected ExpertTemplateRecord() {
    }

    public ExpertTemplateRecord(ExpertTemplate template, String configJson) {
        super(template, configJson);
    }

    /** The resource id of its {@code expert_template} grant. */
    public String grant() {
        return "tmpl-" + id();
    }

    /** Overwrites the configuration (and the name, description and cost factor it states); id and creation time stay. */
    public void change(ExpertTemplate template, String configJson) {
        store(template, configJson);
    }
}
