package io.moe.interfaces.portalapi;

import io.moe.application.profile.ProfileFile;
import io.moe.application.profile.UserProfiles;
import io.moe.application.template.ImportMode;
import io.moe.domain.profile.UserProfileRecord;
import io.moe.domain.shared.Jsonp;
import io.moe.infrastructure.web.ImportUpload;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * /user/api/cc-profiles: the signed-in user's own coding-client profiles ({@link UserProfiles}), shaped as the
 * admin profiles (the item plus {@code id}, {@code is_active} and timestamps). Besides the spec's POST, PUT
 * and DELETE: GET (list and one), {@code POST {id}/toggle}, {@code POST copy/{admin profile id}},
 * {@code GET copyable} (the admin profiles the user may copy), {@code GET export} (download
 * {@code cc_profiles.json}, scope user) and {@code POST import} (multipart {@code file} + {@code mode}, or the
 * file as JSON body with {@code ?mode=}).
 */
@Path("/cc-profiles")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.WILDCARD)
public class OwnProfilesResource {

    @Inject
    UserProfiles profiles;

    @Context
    HttpServletRequest http;

    @GET
    public String list() {
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        profiles.list(PortalCaller.of(http)).forEach(t -> list.add(json(t)));
        return Jsonp.createObjectBuilder().add("profiles", list).build().toString();
    }

    @POST
    public Response create(String body) {
        return Response.status(201).entity(json(profiles.create(PortalCaller.of(http), body)).toString()).build();
    }

    @GET
    @Path("{id}")
    public String get(@PathParam("id") String id) {
        return json(profiles.get(PortalCaller.of(http), id)).toString();
    }

    @PUT
    @Path("{id}")
    public String change(@PathParam("id") String id, String body) {
        return json(profiles.change(PortalCaller.of(http), id, body)).toString();
    }

    @DELETE
    @Path("{id}")
    public Response remove(@PathParam("id") String id) {
        profiles.remove(PortalCaller.of(http), id);
        return Response.noContent().build();
    }

    @POST
    @Path("{id}/toggle")
    public String toggle(@PathParam("id") String id) {
        return json(profiles.toggle(PortalCaller.of(http), id)).toString();
    }

    @POST
    @Path("copy/{profileId}")
    public Response copy(@PathParam("profileId") String profileId) {
        return Response.status(201).entity(json(profiles.copy(PortalCaller.of(http), profileId)).toString()).build();
    }

    @GET
    @Path("copyable")
    public String copyable() {
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        profiles.copyable(PortalCaller.of(http)).forEach(p -> list.add(Jsonp.createObjectBuilder().add("id", p.id())
                .add("name", p.name()).add("moe_mode", p.profile().mode().wireName())));
        return Jsonp.createObjectBuilder().add("profiles", list).build().toString();
    }

    @GET
    @Path("export")
    public Response export() {
        return Response.ok(profiles.export(PortalCaller.of(http)).toString(), MediaType.APPLICATION_JSON_TYPE)
                .header("Content-Disposition", "attachment; filename=\"" + ProfileFile.FILE_NAME + "\"").build();
    }

    @POST
    @Path("import")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public String importFile(@FormParam("file") EntityPart file, @FormParam("mode") String mode,
                             @QueryParam("mode") String modeParameter) {
        var caller = PortalCaller.of(http);
        return ImportUpload.answer(profiles.importFile(caller, ImportUpload.text(file), ImportMode.of(mode != null ? mode : modeParameter)));
    }

    @POST
    @Path("import")
    @Consumes(MediaType.APPLICATION_JSON)
    public String importBody(String body, @QueryParam("mode") String mode) {
        return ImportUpload.answer(profiles.importFile(PortalCaller.of(http), body, ImportMode.of(mode)));
    }

    static JsonObject json(UserProfileRecord record) {
        return record.toJson();
    }
}
