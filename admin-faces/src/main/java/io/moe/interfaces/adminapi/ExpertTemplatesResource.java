package io.moe.interfaces.adminapi;


import io.moe.application.template.ImportMode;
import io.moe.application.template.TemplateAdministration;
import io.moe.application.template.TemplateFile;
import io.moe.domain.shared.Jsonp;
import io.moe.infrastructure.web.ImportUpload;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
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
 * /api/expert-templates: the admin-managed expert templates (README, "Expert templates"). A template is
 * answered as its canonical item plus {@code id}, {@code is_active} and timestamps; PUT takes the whole
 * template (a GET's answer, edited, is accepted back). Export is the spec's envelope as a download named
 * {@code expert_templates.json}; import takes that file as multipart field {@code file} with {@code mode}
 * {@code merge} or {@code replace} (also as a query parameter, or the file as a JSON body, as the original
 * system accepted).
 */
@Path("/expert-templates")
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.WILDCARD)
public class ExpertTemplatesResource {

    @Inject
    TemplateAdministration templates;

    @GET
    public String list() {
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        templates.list().forEach(t -> list.add(t.toJson()));
        return Jsonp.createObjectBuilder().add("templates", list).build().toString();
    }

    @POST
    public Response create(String body) {
        return Response.status(201).entity(templates.create(body).toJson().toString()).build();
    }

    @GET
    @Path("{id}")
    public String get(@PathParam("id") String id) {
        return templates.get(id).toJson().toString();
    }

    @PUT
    @Path("{id}")
    public String change(@PathParam("id") String id, String body) {
        return templates.change(id, body).toJson().toString();
    }

    @DELETE
    @Path("{id}")
    public Response remove(@PathParam("id") String id) {
        templates.remove(id);
        return Response.noContent().build();
    }

    @GET
    @Path("export")
    public Response export() {
        return Response.ok(templates.export().toString(), MediaType.APPLICATION_JSON_TYPE)
                .header("Content-Disposition", "attachment; filename=\"" + TemplateFile.FILE_NAME + "\"").build();
    }

    @POST
    @Path("import")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public String importFile(@FormParam("file") EntityPart file, @FormParam("mode") String mode,
                             @QueryParam("mode") String modeParameter) {
        return ImportUpload.answer(templates.importFile(ImportUpload.text(file), ImportMode.of(mode != null ? mode : modeParameter)));
    }

    @POST
    @Path("import")
    @Consumes(MediaType.APPLICATION_JSON)
    public String importBody(String body, @QueryParam("mode") String mode) {
        return ImportUpload.answer(templates.importFile(body, ImportMode.of(mode)));
    }
}
