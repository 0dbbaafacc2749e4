package io.moe.application.skills;

/** A skill file as kept: its name (the file name without {@code .md}), whether it is active, and its Markdown. */
public record StoredSkill(String name, boolean active, String markdown) {
}
