package io.moe.domain.shared;

import jakarta.json.JsonObject;
import jakarta.persistence.Column;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;

import java.time.OffsetDateTime;

/**
 * What every stored template and profile row has, admin's or a user's (spec resources expert_template, cc_profile,
 * user_expert_templates, user_cc_profiles): an id, the item's name and JSON configuration, an active flag and its
 * timestamps; and the shape the APIs answer an item in.
 */
@MappedSuperclass
public abstract class StoredItem {

    @Id
    private String id;
    private String name;
    @Column(name = "config_json")
    private String configJson;
    @Column(name = "is_active")
    private int active;
    @Column(name = "created_at")
    private OffsetDateTime createdAt;
    @Column(name = "updated_at")
    private OffsetDateTime updatedAt;

    /** For JPA. */
    protected StoredItem() {
    }

    /** A new, active item named {@code name} with the configuration {@code configJson}. */
    protected StoredItem(String name, String configJson) {
        this.id = Ids.newId();
        this.active = 1;
        this.createdAt = Ids.nowUtc();
        this.updatedAt = createdAt;
        this.name = name;
        this.configJson = configJson;
    }

    /** Overwrites the name and configuration; id, active flag and creation time stay. */
    protected void store(String name, String configJson) {
        this.name = name;
        this.configJson = configJson;
        this.updatedAt = Ids.nowUtc();
    }

    /** Switches the item off when it is on, and on when it is off. */
    public void toggle() {
        this.active = 1 - active;
        this.updatedAt = Ids.nowUtc();
    }

    public String id() {
        return id;
    }

    public String name() {
        return name;
    }

    public String configJson() {
        return configJson;
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

    /** The item's own fields, as its schema writes them (the template's or the profile's). */
    protected abstract JsonObject fields();

    /**
     * The item as the admin API and the portal answer it: id, the item's fields, is_active (1 or 0, as the spec types it
     * and as users and keys have it), created_at, updated_at.
     */
    public JsonObject toJson() {
        return Jsonp.createObjectBuilder().add("id", id).addAll(Jsonp.createObjectBuilder(fields()))
                .add("is_active", isActive() ? 1 : 0)
                .add("created_at", Ids.iso(createdAt)).add("updated_at", Ids.iso(updatedAt)).build();
    }
}
