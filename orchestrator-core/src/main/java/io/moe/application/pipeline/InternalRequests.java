package io.moe.application.pipeline;

import io.moe.domain.chat.Completion;
import io.moe.domain.pipeline.Confidence;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.regex.Pattern;

/**
 * Rule 12: the housekeeping requests chat front-ends such as Open WebUI send (title, tag, follow-up,
 * search-query and autocomplete generation) are answered with one small model call, without planning,
 * caching or output formatting.
 */
@ApplicationScoped
public class InternalRequests {

    static final String STAGE = "internal";
    private static final Pattern TASK = Pattern.compile(
            "(?is)^\\s*###\\s*task:.*?(title|tags?|follow[- ]?up|autocomplet|search quer|query generation)");
    private static final String SYSTEM = "You answer an internal task of a chat front-end (a title, tags, follow-up "
            + "questions, search queries or an autocompletion). Follow the output format the task asks for exactly "
            + "and add nothing else.";

    @Inject
    ModelCaller models;

    public boolean matches(PipelineRun run) {
        return TASK.matcher(run.query()).find()
                || run.messages().stream().anyMatch(m -> "system".equals(m.role()) && TASK.matcher(m.text()).find());
    }

    public void answer(PipelineRun run) {
        Completion done = run.timed(STAGE, () -> models.call(run, STAGE, Planner.plannerModel(run), SYSTEM, run.query()));
        run.trace().internal();
        run.answer(done.content().strip(), Confidence.MITTEL);
    }
}
