package io.moe.application.pipeline.plan;

import io.moe.application.pipeline.models.ModelCaller;
import io.moe.application.pipeline.experts.Experts;
import io.moe.application.pipeline.experts.SkillDetector;
import io.moe.application.pipeline.research.ResearchStage;
import io.moe.application.pipeline.run.PipelineRun;

import io.moe.domain.chat.Completion;
import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Plan;
import io.moe.domain.pipeline.PlanParser;
import io.moe.domain.template.ModelRef;
import io.moe.infrastructure.llm.InferenceException;
import io.moe.infrastructure.tools.ToolServerClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Set;
import java.util.logging.Logger;

/**
 * Rule 2: the planner model splits the request into 1 to 4 typed subtasks. Its prompt lists the
 * categories and the tool server's tools; its output is parsed tolerantly; plans are cached for 30
 * minutes by query text, except on agentic re-planning rounds. A planner model that fails outright
 * (unreachable, HTTP error) degrades the request to the spec's fallback, one general task, instead of
 * failing it; a planner that times out still fails it (504).
 */
@ApplicationScoped
public class Planner {

    public static final String STAGE = "planner";
    private static final Logger LOG = Logger.getLogger(Planner.class.getName());

    @Inject
    ModelCaller models;

    @Inject
    PlanCache cache;

    @Inject
    ToolServerClient tools;

    @Inject
    LearnedPatterns patterns;

    @Inject
    ResearchStage research;

    public Plan plan(PipelineRun run, boolean bypassCache) {
        Plan plan = planned(run, bypassCache);
        return run.question().images().isEmpty() ? plan : plan.seeing(run.question().text());
    }

    private Plan planned(PipelineRun run, boolean bypassCache) {
        Set<String> known = new java.util.LinkedHashSet<>(Category.known(run.template().experts().keySet()));
        if (!research.enabled(run)) {
            known.remove(Category.RESEARCH); // not offered, and a research task the planner names anyway is dropped
        }
        String cacheText = run.question().text() + (run.question().images().isEmpty() ? "" : "\n[images]");
        if (!bypassCache) {
            var cached = cache.get(run.templateKey(), cacheText, known);
            if (cached.isPresent()) {
                run.trace().planSource("cache");
                return cached.get();
            }
        }
        ModelRef model = plannerModel(run);
        Plan plan;
        try {
            Completion output = models.call(run, STAGE, model, prompt(run, known), userText(run));
            plan = PlanParser.parse(output.content(), run.question().text(), known);
            run.trace().planSource(plan.fallback() ? "fallback" : "planner");
        } catch (InferenceException e) {
            if (e.timedOut()) {
                throw e; // a planner that answers nothing within the timeout: waiting as long again for an expert helps nobody
            }
            LOG.warning(() -> "Planner " + model + " unavailable (" + e.getMessage() + "); answering as one general task");
            run.trace().planSource("planner_unavailable");
            return Plan.general(run.question().text()); // not cached: the next request asks the planner again
        }
        if (!bypassCache && !plan.fallback()) { // a reply the planner got wrong once must not pin its fallback for everyone
            cache.put(run.templateKey(), cacheText, plan);
        }
        return plan;
    }

    private String prompt(PipelineRun run, Set<String> known) {
        if (run.template().plannerPrompt() != null && !run.template().plannerPrompt().isBlank()) {
            return run.template().plannerPrompt() + "\nCategories: " + String.join(", ", known)
                    + "\nTools:\n" + tools.descriptions();
        }
        String learned = patterns.hint();
        return "You are the planner of a multi-expert system. Split the user's request into 1 to 4 subtasks.\n"
                + "Answer with a JSON array only: [{\"task\": \"...\", \"category\": \"...\", \"search_query\": \"...\", "
                + "\"mcp_tool\": \"...\", \"mcp_args\": {}}]. search_query only for research tasks, mcp_tool and "
                + "mcp_args only for precision_tools tasks.\n"
                + "Categories: " + String.join(", ", known) + ".\n"
                + "Use precision_tools for exact computation, dates, units, hashes, encodings, networks or law texts, "
                + "naming the tool and its arguments. Use research only for external or current information. "
                + "Use vision when images are attached. Use " + SkillDetector.CATEGORY + " when a file is to be made "
                + "(a presentation, web page, document, spreadsheet, CSV, PDF or script).\n"
                + "Tools:\n" + tools.descriptions()
                + (learned.isEmpty() ? "" : "Expert combinations that users rated well: " + learned + "\n");
    }

    private static String userText(PipelineRun run) {
        String text = run.findings().agenticContext().isEmpty() ? run.question().text() : run.findings().agenticContext() + "\n\nRequest: " + run.question().text();
        return run.question().images().isEmpty() ? text
                : text + "\n\n[" + run.question().images().size() + " image(s) attached: route the image analysis to category vision]";
    }

    public static ModelRef plannerModel(PipelineRun run) {
        if (run.template().plannerModel() != null) {
            return run.template().plannerModel();
        }
        return Experts.modelsOf(run.template(), Category.GENERAL).get(0).ref();
    }
}
