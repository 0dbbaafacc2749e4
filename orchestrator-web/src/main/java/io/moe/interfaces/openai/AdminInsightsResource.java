package io.moe.interfaces.openai;

import io.moe.application.pipeline.plan.LearnedPatterns;
import io.moe.application.pipeline.graph.OntologyGaps;
import io.moe.domain.shared.Jsonp;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import java.util.List;
import java.util.Map;

/**
 * GET /v1/admin/planner-patterns (expert combinations users rated well) and GET /v1/admin/ontology-gaps
 * (query terms the knowledge graph does not know), most frequent first; admin keys only.
 */
@Path("/v1/admin")
@KeyRequired
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
public class AdminInsightsResource {

    @Inject
    LearnedPatterns patterns;

    @Inject
    OntologyGaps gaps;

    @GET
    @Path("planner-patterns")
    public String plannerPatterns(@QueryParam("limit") @DefaultValue("50") String limit) {
        return list("pattern", "count", patterns.top(ListLimit.of(limit)));
    }

    @GET
    @Path("ontology-gaps")
    public String ontologyGaps(@QueryParam("limit") @DefaultValue("50") String limit) {
        return list("term", "count", gaps.top(ListLimit.of(limit)));
    }

    private static String list(String name, String count, List<Map.Entry<String, Double>> entries) {
        JsonArrayBuilder data = Jsonp.createArrayBuilder();
        entries.forEach(e -> data.add(Jsonp.createObjectBuilder().add(name, e.getKey()).add(count, e.getValue().longValue())));
        return Jsonp.createObjectBuilder().add("data", data).build().toString();
    }
}
