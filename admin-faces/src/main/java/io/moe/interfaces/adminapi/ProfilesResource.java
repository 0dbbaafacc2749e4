package io.moe.interfaces.adminapi;

import io.moe.application.profile.ProfileAdministration;
import io.moe.application.profile.ProfileFile;
import io.moe.application.template.ImportMode;
import io.moe.domain.profile.CcProfileRecord;
import io.moe.domain.shared.Jsonp;
import io.moe.infrastructure.web.ImportUpload;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
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
import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;


/**
 * /api/profiles: the admin-managed coding-client profiles, shaped and imported like the expert templates
 * ({@link ExpertTemplatesResource}): a profile is its item plus {@code id}, {@code grant} ({@code profile-<id>}, the
 * cc_profile permission that lets a user use it), {@code is_active} and timestamps; export is the envelope of type
 * {@code cc_profile} named {@code cc_profiles.json}; import takes that file as multipart field {@code file} with
 * {@code mode} merge or replace (or as a JSON body with {@code ?mode=}).
 */
@Path("/profiles")
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.WILDCARD)
public class ProfilesResource {

    @Inject
    ProfileAdministration profiles;

    @GET
    public String list() {
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        profiles.list().forEach(p -> list.add(json(p)));
        return Jsonp.createObjectBuilder().add("profiles", list).build().toString();
    }

    @POST
    public Response create(String body) {
        return Response.status(201).entity(json(profiles.create(body)).toString()).build();
    }

    @GET
    @Path("{id}")
    public String get(@PathParam("id") String id) {
        return json(profiles.get(id)).toString();
    }

    @PUT
    @Path("{id}")
    public String change(@PathParam("id") String id, String body) {
        return json(profiles.change(id, body)).toString();
    }

    @DELETE
    @Path("{id}")
    public Response remove(@PathParam("id") String id) {
        profiles.remove(id);
        return Response.noContent().build();
    }

    @GET
    @Path("export")
    public Response export() {
        return Response.ok(profiles.export().toString(), MediaType.APPLICATION_JSON_TYPE)
                .header("Content-Disposition", "attachment; filename=\"" + ProfileFile.FILE_NAME + "\"").build();
    }

    @POST
    @Path("import")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public String importFile(@FormParam("file") EntityPart file, @FormParam("mode") String mode,
                             @QueryParam("mode") String modeParameter) {
        return ImportUpload.answer(profiles.importFile(ImportUpload.text(file), ImportMode.of(mode != null ? mode : modeParameter)));
    }

    @POST
    @Path("import")
    @Consumes(MediaType.APPLICATION_JSON)
    public String importBody(String body, @QueryParam("mode") String mode) {
        return ImportUpload.answer(profiles.importFile(body, ImportMode.of(mode)));
    }

    static JsonObject json(CcProfileRecord record) {
        return Jsonp.createObjectBuilder(record.toJson()).add("grant", record.grant()).build();
    }
}
