package io.moe.application.pipeline.intake;

import io.moe.application.skills.SkillStore;
import io.moe.application.skills.StoredSkill;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The active skills of the skills folder ({@link SkillStore}): every active file with front matter. The folder
 * is read on every lookup, so adding, editing or disabling a skill (on disk or through /api/skills) takes effect
 * at once.
 */
@ApplicationScoped
public class SkillCatalog {

    @Inject
    SkillStore store;

    public Optional<Skill> find(String name) {
        return Optional.ofNullable(all().get(name));
    }

    /** Active skills by name. */
    public Map<String, Skill> all() {
        Map<String, Skill> skills = new LinkedHashMap<>();
        for (StoredSkill file : store.all()) {
            if (file.active()) {
                Skill.parse(file.markdown()).ifPresent(s -> skills.putIfAbsent(s.name(), s));
            }
        }
        return skills;
    }
}
