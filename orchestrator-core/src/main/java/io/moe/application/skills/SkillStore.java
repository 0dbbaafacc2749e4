package io.moe.application.skills;

import java.util.List;
import java.util.Optional;

/** Where the skill files live: {@code <name>.md} when active, {@code <name>.md.disabled} when not. */
public interface SkillStore {

    /** Every skill file, active or not, by name. */
    List<StoredSkill> all();

    Optional<StoredSkill> named(String name);

    /** Writes the skill, replacing one of the same name, active or not. */
    void write(StoredSkill skill);

    /** Removes the skill; false when there was none. */
    boolean delete(String name);
}
