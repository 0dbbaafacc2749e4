package io.moe.application.skills;

import java.util.List;

/** The upstream repository skills are synchronised from (README, "Skills"). */
public interface SkillUpstream {

    /** Whether an upstream is configured. */
    boolean configured();

    /** Where it is, for messages (no credentials). */
    String location();

    /** The skill files ({@code *.md}) of the upstream's branch head, name and Markdown; at most {@code max} of them. */
    List<StoredSkill> fetch(int max);
}
