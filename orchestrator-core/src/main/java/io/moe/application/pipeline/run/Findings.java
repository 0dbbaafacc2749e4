package io.moe.application.pipeline.run;

import io.moe.domain.pipeline.ExpertResult;
import io.moe.domain.pipeline.GraphFact;
import io.moe.domain.pipeline.Plan;
import io.moe.domain.pipeline.ToolResult;
import io.moe.infrastructure.search.SearchHit;

import java.util.ArrayList;
import java.util.List;

/**
 * What the stages found for the merger: the plan, the experts' answers, tool and math results, graph
 * facts, web sources, the reasoning trace, few-shot examples and the context of earlier agentic rounds.
 *
 * <p>Only the pipeline thread calls the setters, after joining the branches that produced the values
 * (the join publishes them). Two exceptions: research branches append web sources while they run, so
 * {@link #addWeb} and {@link #web} are synchronized; and the expert branch sets {@link #streamedAnswer} when the
 * fast path's expert has finished writing to the client, and the skill detector marks a file made, so those fields are
 * volatile.
 */
public final class Findings {

    private Plan plan;
    private List<ExpertResult> experts = List.of();
    private final List<ExpertResult> everyRound = new ArrayList<>();
    private List<ToolResult> tools = List.of();
    private List<GraphFact> graph = List.of();
    private final StringBuilder web = new StringBuilder();
    private int webSources;
    private String math = "";
    private String reasoning = "";
    private List<String> examples = List.of();
    private String agenticContext = "";
    private volatile String streamedAnswer;
    private volatile boolean fileMade;
    private volatile boolean withoutSources;
    private volatile boolean pendingCorrectionShown;

    Findings() {
    }

    /** An expert made a file for this answer: its link is the asking user's and expires, so the answer is not shared. */
    public void fileMade() {
        fileMade = true;
    }

    public boolean madeFile() {
        return fileMade;
    }

    /** The planned sources (web research, tools) gave nothing and the judge answered from its own knowledge. */
    public void answeredWithoutSources() {
        withoutSources = true;
    }

    /** A stopgap answer: neither cached nor taught to the graph, so that the sources are asked again next time. */
    public boolean withoutSources() {
        return withoutSources;
    }

    /** An expert prompt showed the asking user's own correction that no admin approved: the answer is not shared. */
    public void ownPendingCorrectionShown() {
        pendingCorrectionShown = true;
    }

    public boolean showedOwnPendingCorrection() {
        return pendingCorrectionShown;
    }

    /** The plan of the current round (null before the planner ran or on a cache hit). */
    public Plan plan() {
        return plan;
    }

    public void plan(Plan plan) {
        this.plan = plan;
    }

    /** The expert answers of the current round. */
    public List<ExpertResult> experts() {
        return experts;
    }

    /** Sets the current round's expert answers and keeps them among every round's. */
    public void experts(List<ExpertResult> results) {
        this.experts = List.copyOf(results);
        everyRound.addAll(results);
    }

    /** Every expert answer of every agentic round, oldest first. */
    public List<ExpertResult> everyRound() {
        return List.copyOf(everyRound);
    }

    /** Tool results of every round so far. */
    public List<ToolResult> tools() {
        return tools;
    }

    /** Adds a round's tool results to those of earlier rounds. */
    public void addTools(List<ToolResult> results) {
        List<ToolResult> all = new ArrayList<>(tools);
        all.addAll(results);
        this.tools = List.copyOf(all);
    }

    public List<GraphFact> graph() {
        return graph;
    }

    /** Replaces the graph facts with those of the latest lookup. */
    public void graph(List<GraphFact> facts) {
        this.graph = List.copyOf(facts);
    }

    /** The web sources found so far, numbered. */
    public synchronized String web() {
        return web.toString();
    }

    /** Appends search results as numbered sources, continuing the numbering of earlier searches. */
    public synchronized void addWeb(String heading, List<SearchHit> hits) {
        if (hits.isEmpty()) {
            return;
        }
        web.append(web.length() == 0 ? "" : "\n").append(heading).append('\n');
        for (SearchHit hit : hits) {
            web.append('[').append(++webSources).append("] ").append(hit.title()).append(": ").append(hit.snippet())
                    .append(" (").append(hit.url()).append(")\n");
        }
    }

    /** Exact results of the math stage, empty when it found nothing to compute. */
    public String math() {
        return math;
    }

    public void math(String result) {
        this.math = result == null ? "" : result;
    }

    /** The thinking step's reasoning trace (rule 6), empty when it did not run. */
    public String reasoning() {
        return reasoning;
    }

    public void reasoning(String trace) {
        this.reasoning = trace == null ? "" : trace;
    }

    /** Few-shot examples from soft cache hits (rule 1). */
    public List<String> examples() {
        return examples;
    }

    public void examples(List<String> found) {
        this.examples = List.copyOf(found);
    }

    /** What earlier agentic rounds established and what is missing (rule 9), empty in the first round. */
    public String agenticContext() {
        return agenticContext;
    }

    public void agenticContext(String context) {
        this.agenticContext = context;
    }

    /** The final answer in the mode's form as it went to the client while the one sure expert wrote it; null otherwise. */
    public String streamedAnswer() {
        return streamedAnswer;
    }

    public void streamedAnswer(String inForm) {
        this.streamedAnswer = inForm;
    }
}
