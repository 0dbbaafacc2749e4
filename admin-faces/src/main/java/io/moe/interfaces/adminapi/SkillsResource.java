package io.moe.interfaces.adminapi;

import io.moe.application.identity.IdentityException;
import io.moe.application.pipeline.intake.Skill;
import io.moe.application.skills.SkillAdministration;
import io.moe.application.skills.StoredSkill;
import io.moe.application.skills.UpstreamSkill;
import io.moe.domain.shared.Jsonp;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * /api/skills: the skill files (README, "Skills"). {@code GET} lists them with name, description, active and
 * Markdown; {@code PUT /{name}} creates or replaces one ({@code {"markdown": "---\nname: …", "active": true}});
 * {@code PUT /{name}/active} switches it ({@code {"active": false}}); {@code DELETE /{name}} removes it.
 * {@code POST /upstream/pull} lists the configured upstream's skills as new, changed, same or invalid without
 * writing anything; {@code POST /upstream/import/{name}} imports one.
 */
@Path("/skills")
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.WILDCARD)
public class SkillsResource {

    @Inject
    SkillAdministration skills;

    @GET
    public String list() {
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        skills.all().forEach(s -> list.add(json(s)));
        return Jsonp.createObjectBuilder().add("skills", list).build().toString();
    }

    @GET
    @Path("{name}")
    public String get(@PathParam("name") String name) {
        return json(skills.named(name)).toString();
    }

    @PUT
    @Path("{name}")
    public String save(@PathParam("name") String name, String body) {
        // name and description: what GET answers, taken back in an edited copy and ignored
        JsonInput in = JsonInput.of(body).accepting("markdown", "active", "name", "description");
        Boolean active = in.bool("active");
        return json(skills.save(name, in.string("markdown"), active == null || active)).toString();
    }

    @PUT
    @Path("{name}/active")
    public String activate(@PathParam("name") String name, String body) {
        Boolean active = JsonInput.of(body).accepting("active").bool("active");
        if (active == null) {
            throw IdentityException.invalid("active", "active must be true or false");
        }
        return json(skills.activate(name, active)).toString();
    }

    @DELETE
    @Path("{name}")
    public String delete(@PathParam("name") String name) {
        skills.delete(name);
        return Jsonp.createObjectBuilder().add("deleted", name).build().toString();
    }

    @POST
    @Path("upstream/pull")
    public String pull() {
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        for (UpstreamSkill s : skills.pull()) {
            list.add(Jsonp.createObjectBuilder().add("name", s.name()).add("description", s.description()).add("status", s.status())
                    .add("problem", s.problem() == null ? JsonValue.NULL : Jsonp.createValue(s.problem())));
        }
        return Jsonp.createObjectBuilder().add("skills", list).build().toString();
    }

    @POST
    @Path("upstream/import/{name}")
    public String importOne(@PathParam("name") String name) {
        return json(skills.importFromUpstream(name)).toString();
    }

    static JsonObject json(StoredSkill s) {
        JsonObjectBuilder o = Jsonp.createObjectBuilder().add("name", s.name()).add("active", s.active())
                .add("description", Skill.parse(s.markdown()).map(Skill::description).orElse("")).add("markdown", s.markdown());
        return o.build();
    }
}
