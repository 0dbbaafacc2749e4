package io.moe.interfaces.graph;

import io.moe.application.knowledge.ExportFilter;
import io.moe.application.knowledge.KnowledgeExport;
import io.moe.application.knowledge.KnowledgeImport;
import io.moe.application.knowledge.KnowledgeRefusedException;
import io.moe.application.knowledge.KnowledgeSearch;
import io.moe.application.knowledge.KnowledgeStore;
import io.moe.domain.shared.Jsonp;
import io.moe.interfaces.openai.AdminOnly;
import io.moe.interfaces.openai.KeyRequired;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

import java.util.Map;

/**
 * The knowledge graph (spec: orchestrator endpoints /graph/*). Statistics and search need a valid key;
 * export and import need an admin key (no permission lets other users export: the spec has no graph
 * resource type, and a bundle reveals what every user's answers taught the graph). The export streams;
 * an import body is bounded by {@code moe.limits.max-body-bytes} and {@code moe.graph.import.max-items}.
 */
@Path("/graph")
@KeyRequired
@Produces(MediaType.APPLICATION_JSON)
public class KnowledgeGraphResource {

    @Inject
    KnowledgeSearch search;

    @Inject
    KnowledgeExport export;

    @Inject
    KnowledgeImport imports;

    @GET
    @Path("stats")
    public String stats() {
        KnowledgeStore.Stats s = search.stats();
        return Jsonp.createObjectBuilder().add("entities", s.entities()).add("relations", s.relations()).add("syntheses", s.syntheses())
                .add("verified", s.verified()).add("flagged", s.flagged())
                .add("entities_by_domain", counts(s.entitiesByDomain())).add("entities_by_type", counts(s.entitiesByType()))
                .add("relations_by_type", counts(s.relationsByType())).add("relations_by_domain", counts(s.relationsByDomain()))
                .build().toString();
    }

    @GET
    @Path("search")
    public String search(@QueryParam("q") String q, @QueryParam("offset") String offset, @QueryParam("limit") String limit) {
        KnowledgeSearch.Page page = search.search(q, KnowledgeSearch.whole(offset, "offset", 0), KnowledgeSearch.whole(limit, "limit", 10));
        JsonArrayBuilder data = Jsonp.createArrayBuilder();
        for (KnowledgeSearch.Hit h : page.hits()) {
            JsonObjectBuilder o = Jsonp.createObjectBuilder().add("kind", h.kind()).add("score", Math.round(h.score() * 10_000) / 10_000.0);
            if (h.kind().equals("entity")) {
                o.add("name", h.name()).add("type", h.type()).add("domain", h.domain());
            } else {
                o.add("subject", h.subject()).add("predicate", h.predicate()).add("object", h.object())
                        .add("trust_score", h.trust()).add("verified", h.verified()).add("flagged", h.flagged());
            }
            data.add(o);
        }
        return Jsonp.createObjectBuilder().add("query", page.query()).add("offset", page.offset()).add("limit", page.limit())
                .add("total", page.total()).add("data", data).build().toString();
    }

    @GET
    @Path("knowledge/export")
    @AdminOnly
    @Produces({"application/ld+json", MediaType.APPLICATION_JSON}) // a client asking for the bundle's own type gets it
    public Response export(@QueryParam("domains") String domains, @QueryParam("min_trust") String minTrust,
                           @QueryParam("strip_sensitive") String stripSensitive, @QueryParam("include_syntheses") String includeSyntheses) {
        ExportFilter filter = ExportFilter.parse(domains, minTrust, stripSensitive, includeSyntheses);
        StreamingOutput body = out -> export.write(filter, out);
        return Response.ok(body, "application/ld+json")
                .header("Content-Disposition", "attachment; filename=\"knowledge_bundle.jsonld\"").build();
    }

    @POST
    @Path("knowledge/import")
    @AdminOnly
    @Consumes(MediaType.APPLICATION_JSON)
    public String importBundle(String body) {
        return imports.run(parse(body), false).toJson().toString();
    }

    @POST
    @Path("knowledge/import/validate")
    @AdminOnly
    @Consumes(MediaType.APPLICATION_JSON)
    public String validate(String body) {
        return imports.run(parse(body), true).toJson().toString();
    }

    private static JsonValue parse(String body) {
        if (body == null || body.isBlank()) {
            throw new KnowledgeRefusedException("missing_body", "body", "send a JSON object with 'bundle' (and optionally source_tag, trust_floor, dry_run)");
        }
        try {
            return Jsonp.readValue(body);
        } catch (JsonException e) {
            throw new KnowledgeRefusedException("invalid_json", "body", "the body is not valid JSON");
        }
    }

    private static JsonObjectBuilder counts(Map<String, Long> counts) {
        JsonObjectBuilder o = Jsonp.createObjectBuilder();
        counts.forEach(o::add);
        return o;
    }
}
