package io.moe.application.pipeline.intake;

import io.moe.application.pipeline.run.PipelineRun;

import io.moe.application.spend.NotPermittedException;
import io.moe.domain.identity.ResourceType;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rule 13: a question starting with {@code /skill-name [arguments]} is replaced by the skill's prompt
 * before planning. The caller needs a skill permission for that name (admins need none); a name
 * that is no skill leaves the question as it is.
 */
@ApplicationScoped
public class SkillResolver {

    private static final Pattern INVOCATION = Pattern.compile("(?s)\\A\\s*/([a-z0-9][a-z0-9_.-]{0,99})(?:\\s+(.*))?\\z");

    @Inject
    SkillCatalog skills;

    public void resolve(PipelineRun run) {
        Matcher m = INVOCATION.matcher(run.question().text());
        if (!m.matches()) {
            return;
        }
        skills.find(m.group(1)).ifPresent(skill -> {
            boolean allowed = run.caller() == null || run.caller().admin()
                    || run.caller().granted(ResourceType.SKILL).contains(skill.name());
            if (!allowed) {
                throw new NotPermittedException("your account may not use the skill '" + skill.name()
                        + "': it needs the skill permission '" + skill.name() + "'; ask an admin to grant it");
            }
            run.question().replace(skill.expand(m.group(2)));
            run.trace().skill(skill.name());
            run.status("Using the skill /" + skill.name());
        });
    }
}
