package io.moe.interfaces.admin;

import io.moe.application.pipeline.intake.Skill;
import io.moe.application.skills.SkillAdministration;
import io.moe.application.skills.StoredSkill;
import io.moe.application.skills.UpstreamSkill;
import io.moe.domain.shared.Refusal;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.PerView;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Backing bean of {@code /skills}: the skill files with their description and state, an editor for one skill's
 * Markdown (new or existing), enable/disable, delete, and the upstream repository's skills marked new, changed,
 * same or invalid with an import button each; all through {@link SkillAdministration}, the service of /api/skills.
 */
@Named
@PerView
public class SkillsPage implements Serializable {

    private static final long serialVersionUID = 1L;
    static final String TEMPLATE = "---\nname: %s\ndescription: What the skill does, in one line\n---\nThe prompt. $ARGUMENTS is replaced by what follows /%s.\n";

    @Inject
    SkillAdministration skills;

    private transient List<StoredSkill> all;
    private transient List<UpstreamSkill> upstream;
    private String name;
    private String markdown;
    private boolean active = true;
    private boolean editing;
    private boolean creating;

    public List<StoredSkill> getSkills() {
        if (all == null) {
            all = new ArrayList<>(skills.all()); // a table sorts the list it shows in place
        }
        return all;
    }

    public String descriptionOf(StoredSkill skill) {
        return Skill.parse(skill.markdown()).map(Skill::description).orElse("(no front matter)");
    }

    public void startNew() {
        editing = true;
        creating = true;
        name = "";
        markdown = String.format(TEMPLATE, "my-skill", "my-skill");
        active = true;
    }

    public void edit(StoredSkill skill) {
        editing = true;
        creating = false;
        name = skill.name();
        markdown = skill.markdown();
        active = skill.active();
    }

    public void save() {
        try {
            StoredSkill saved = creating ? skills.create(name, markdown, active) : skills.save(name, markdown, active);
            PageMessages.done("Skill /" + saved.name() + " saved" + (saved.active() ? "" : " (inactive)"));
            editing = false;
            all = null;
            upstream = null;
        } catch (Refusal e) {
            PageMessages.refused("Skill not saved", e, Map.of("name", "skill-editor:name", "markdown", "skill-editor:markdown"));
        }
    }

    public void cancel() {
        editing = false;
    }

    public void toggle(StoredSkill skill) {
        try {
            StoredSkill changed = skills.activate(skill.name(), !skill.active());
            PageMessages.done("Skill /" + changed.name() + (changed.active() ? " enabled" : " disabled"));
        } catch (Refusal e) {
            PageMessages.refused("Not changed", e, Map.of());
        }
        all = null;
    }

    public void delete(StoredSkill skill) {
        try {
            skills.delete(skill.name());
            PageMessages.done("Skill /" + skill.name() + " deleted");
            if (editing && !creating && skill.name().equals(name)) { // its editor would save into nothing
                editing = false;
            }
        } catch (Refusal e) {
            PageMessages.refused("Not deleted", e, Map.of());
        }
        all = null;
        upstream = null;
    }

    public void pull() {
        try {
            upstream = skills.pull();
            long fresh = upstream.stream().filter(s -> !s.status().equals("same")).count();
            PageMessages.done("The upstream has " + upstream.size() + (upstream.size() == 1 ? " skill, " : " skills, ") + fresh
                    + " of them new, changed or invalid");
        } catch (Refusal e) {
            upstream = null;
            PageMessages.refused("Upstream not read", e, Map.of());
        }
    }

    /** Imports one upstream skill; its row then reads "same" without reading the upstream again. */
    public void importOne(UpstreamSkill skill) {
        try {
            StoredSkill imported = skills.importFromUpstream(skill.name());
            PageMessages.done("Imported /" + imported.name() + " from the upstream");
            if (upstream != null) {
                upstream = upstream.stream().map(s -> s.name().equals(imported.name())
                        ? new UpstreamSkill(s.name(), s.description(), "same", null, s.markdown()) : s).toList();
            }
        } catch (Refusal e) {
            PageMessages.refused("Not imported", e, Map.of());
        }
        all = null;
    }

    public List<UpstreamSkill> getUpstream() {
        return upstream;
    }

    public String getName() { return name; }
    public void setName(String name) { this.name = name == null ? null : name.strip(); }
    public String getMarkdown() { return markdown; }
    public void setMarkdown(String markdown) { this.markdown = markdown; }
    public boolean isActive() { return active; }
    public void setActive(boolean active) { this.active = active; }
    public boolean isEditing() { return editing; }
    public boolean isCreating() { return creating; }
}
