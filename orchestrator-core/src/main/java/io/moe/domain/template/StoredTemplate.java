package io.moe.domain.template;

import io.moe.domain.shared.StoredItem;
import jakarta.json.JsonObject;
import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.Transient;

/**
 * What an admin's and a user's stored template have beyond a stored item: the description and cost factor the template
 * states, in columns of their own, and the template read from the item once.
 */
@MappedSuperclass
public abstract class StoredTemplate extends StoredItem {

    private String description;
    @Column(name = "cost_factor")
    private double costFactor;
    @Transient
    private final transient TemplateParse parse = new TemplateParse();

    /** For JPA. */
    protected StoredTemplate() {
    }

    protected StoredTemplate(ExpertTemplate template, String configJson) {
        super(template.name(), configJson);
        described(template);
    }

    /** Overwrites the configuration (and the name, description and cost factor it states); id and creation time stay. */
    protected void store(ExpertTemplate template, String configJson) {
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
