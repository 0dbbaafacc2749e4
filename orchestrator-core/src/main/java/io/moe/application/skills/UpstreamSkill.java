package io.moe.application.skills;

/**
 * A skill of the upstream compared with the local one of the same name: {@code new} (none here), {@code changed}
 * (its Markdown differs), {@code same}, or {@code invalid} (it would be refused; {@code problem} says why).
 */
public record UpstreamSkill(String name, String description, String status, String problem, String markdown) {
}
