package io.moe.application.pipeline.intake;

import io.moe.application.pipeline.models.ModelCaller;
import io.moe.application.pipeline.plan.Planner;
import io.moe.application.pipeline.run.PipelineRun;

import io.moe.domain.chat.Completion;
import io.moe.domain.pipeline.Confidence;
import io.moe.domain.chat.ChatRequest;
import io.moe.domain.chat.ChatMessage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

/**
 * Rule 12: the housekeeping requests chat front-ends send (Open WebUI's title, tag, follow-up, autocomplete,
 * emoji, image-prompt and search-query generation; LibreChat's titles and summaries) are answered with one
 * small model call, without planning, caching or output formatting. Which requests these are is decided by
 * {@link FrontEndTask}, from the front-ends' real templates, in the last user message or a system message.
 */
@ApplicationScoped
public class InternalRequests {

    public static final String STAGE = "internal";
    private static final String SYSTEM = "You answer an internal task of a chat front-end (a title, tags, follow-up "
            + "questions, search queries, an autocompletion, an emoji, an image prompt or a summary). Follow the "
            + "output format the task asks for exactly and add nothing else.";

    @Inject
    ModelCaller models;

    public boolean matches(PipelineRun run) {
        return isTask(run.question().text(), run.question().messages());
    }

    /** Whether {@code request} is such a task, as the pipeline will find (for checks made before it runs). */
    public static boolean isFrontEndTask(ChatRequest request) {
        return isTask(request.lastUserText(), request.messages());
    }

    private static boolean isTask(String question, List<ChatMessage> messages) {
        return FrontEndTask.is(question) || messages.stream().anyMatch(m -> "system".equals(m.role()) && FrontEndTask.is(m.text()));
    }

    public void answer(PipelineRun run) {
        Completion done = run.timed(STAGE, () -> models.call(run, STAGE, Planner.plannerModel(run), SYSTEM, run.question().text()));
        run.trace().internal();
        run.verdict().answer(done.content().strip(), Confidence.MITTEL, done.cutAtLimit());
    }
}
