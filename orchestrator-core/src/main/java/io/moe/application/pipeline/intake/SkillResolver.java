package io.moe.application.pipeline.intake;

import io.moe.application.pipeline.run.PipelineRun;

import io.moe.application.spend.NotPermittedException;
import io.moe.domain.identity.Caller;
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

    /**
     * Refuses, before anything runs or is reserved, a question that invokes a skill {@code caller} holds no permission
     * for: the refusal depends only on the question and the caller, so a streamed request gets it as its status (403),
     * not as an error event after a 200.
     */
    public void requirePermission(Caller caller, String question) {
        Matcher m = INVOCATION.matcher(question == null ? "" : question);
        if (m.matches()) {
            skills.find(m.group(1)).ifPresent(skill -> requireGrant(caller, skill.name()));
        }
    }

    public void resolve(PipelineRun run) {
        Matcher m = INVOCATION.matcher(run.question().text());
        if (!m.matches()) {
            return;
        }
        skills.find(m.group(1)).ifPresent(skill -> {
            requireGrant(run.caller(), skill.name());
            run.question().replace(skill.expand(m.group(2)));
            run.trace().skill(skill.name());
            run.status("Using the skill /" + skill.name());
        });
    }

    private static void requireGrant(Caller caller, String skill) {
        boolean allowed = caller == null || caller.admin() || caller.granted(ResourceType.SKILL).contains(skill);
        if (!allowed) {
            throw new NotPermittedException("your account may not use the skill '" + skill + "': it needs the skill"
                    + " permission '" + skill + "'; ask an admin to grant it");
        }
    }
}
