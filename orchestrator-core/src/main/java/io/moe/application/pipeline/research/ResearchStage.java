package io.moe.application.pipeline.research;

import io.moe.application.pipeline.run.PipelineRun;
import io.moe.application.pipeline.trace.PipelineTrace;

import io.moe.application.pipeline.trace.SearchEntry;
import io.moe.application.pipeline.trace.TraceText;
import io.moe.domain.mode.Mode;
import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Subtask;
import io.moe.infrastructure.concurrency.PipelineExecutor;
import io.moe.infrastructure.search.SearchHit;
import io.moe.infrastructure.search.WebSearchClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Web research (rule 3): one search per research task (its search_query, else its task), and in
 * research mode also the question itself and each expert task, so that mode runs several searches.
 * Results become numbered sources. A search that fails is noted in the trace and skipped. Off when the
 * template disables web research or no search engine is configured.
 */
@ApplicationScoped
public class ResearchStage {

    static final int MAX_SEARCHES = 4;

    @Inject
    WebSearchClient search;

    @Inject
    PipelineExecutor executor;

    public boolean enabled(PipelineRun run) {
        return run.template().enableWebResearch() && search.configured();
    }

    /** The queries this run searches for; empty when research is off or not planned. */
    public List<String> queries(PipelineRun run) {
        if (!enabled(run)) {
            return List.of();
        }
        Set<String> queries = new LinkedHashSet<>();
        for (Subtask t : run.findings().plan().of(Category.RESEARCH)) {
            queries.add(t.searchQuery() != null ? t.searchQuery() : t.task());
        }
        if (run.mode() == Mode.RESEARCH) {
            queries.add(run.question().text());
            run.findings().plan().expertTasks().forEach(t -> queries.add(t.task()));
        }
        return new ArrayList<>(queries).subList(0, Math.min(MAX_SEARCHES, queries.size()));
    }

    public void run(PipelineRun run, List<String> queries) {
        List<Supplier<List<SearchHit>>> searches = queries.stream().<Supplier<List<SearchHit>>>map(q -> run.inCurrentStage(
                () -> run.call("search", () -> searchQuietly(run, q)))).toList();
        List<List<SearchHit>> results = executor.all(searches);
        List<SearchEntry> trace = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) {
            run.findings().addWeb("Web research: " + queries.get(i), results.get(i));
            trace.add(new SearchEntry(queries.get(i), null, results.get(i).size()));
        }
        run.trace().research(trace);
    }

    /** One search; a failure is recorded in the trace and gives no results. */
    List<SearchHit> searchQuietly(PipelineRun run, String query) {
        try {
            return search.search(query);
        } catch (RuntimeException e) {
            run.trace().error(PipelineTrace.Failing.RESEARCH, TraceText.failure(run.id(), e));
            return List.of();
        }
    }
}
