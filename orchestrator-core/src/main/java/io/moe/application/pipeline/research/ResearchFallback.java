package io.moe.application.pipeline.research;

import io.moe.application.pipeline.run.PipelineRun;

import java.util.ArrayList;
import io.moe.application.pipeline.trace.SearchEntry;
import io.moe.domain.pipeline.Confidence;
import io.moe.domain.pipeline.ExpertResult;
import io.moe.infrastructure.concurrency.PipelineExecutor;
import io.moe.infrastructure.search.SearchHit;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.function.Supplier;

/**
 * Rule 5: for every expert result that reported niedrig, a targeted web search on its subtask runs and
 * its numbered sources are appended to the web research text.
 */
@ApplicationScoped
public class ResearchFallback {

    @Inject
    ResearchStage research;

    @Inject
    PipelineExecutor executor;

    public void run(PipelineRun run) {
        if (!research.enabled(run)) {
            return;
        }
        List<ExpertResult> unsure = run.findings().experts().stream().filter(r -> r.confidence() == Confidence.NIEDRIG).toList();
        if (unsure.isEmpty()) {
            return;
        }
        run.status("Searching the web for " + unsure.size() + " uncertain expert answer(s)");
        List<String> queries = unsure.stream().map(r -> r.task().length() > 200 ? r.task().substring(0, 200) : r.task()).toList();
        List<List<SearchHit>> found = executor.all(queries.stream()
                .<Supplier<List<SearchHit>>>map(q -> () -> research.searchQuietly(run, q)).toList());
        List<SearchEntry> trace = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) {
            run.findings().addWeb("Targeted research (" + unsure.get(i).category() + "): " + queries.get(i), found.get(i));
            trace.add(new SearchEntry(queries.get(i), unsure.get(i).category(), found.get(i).size()));
        }
        run.trace().researchFallback(trace);
    }
}
