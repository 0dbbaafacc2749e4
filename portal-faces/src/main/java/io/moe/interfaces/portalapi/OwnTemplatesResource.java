package io.moe.interfaces.portalapi;

import io.moe.application.template.ImportMode;
import io.moe.application.template.UserTemplates;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.template.UserTemplateRecord;
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
 * /user/api/templates: the signed-in user's own expert templates ({@link UserTemplates}), shaped as the
 * admin templates (the item plus {@code id}, {@code is_active} and timestamps). Besides the spec's POST, PUT
 * and DELETE: GET (list and one), {@code POST {id}/toggle}, {@code POST copy/{admin template id}},
 * {@code GET copyable} (the admin templates the user may copy), {@code GET export} (download
 * {@code expert_templates_user.json}) and {@code POST import} (multipart {@code file} + {@code mode}, or the
 * file as JSON body with {@code ?mode=}).
 */
@Path("/templates")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.WILDCARD)
public class OwnTemplatesResource {

    @Inject
    UserTemplates templates;

    @Context
    HttpServletRequest http;

    @GET
    public String list() {
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        templates.list(PortalCaller.of(http)).forEach(t -> list.add(json(t)));
        return Jsonp.createObjectBuilder().add("templates", list).build().toString();
    }

    @POST
    public Response create(String body) {
        return Response.status(201).entity(json(templates.create(PortalCaller.of(http), body)).toString()).build();
    }

    @GET
    @Path("{id}")
    public String get(@PathParam("id") String id) {
        return json(templates.get(PortalCaller.of(http), id)).toString();
    }

    @PUT
    @Path("{id}")
    public String change(@PathParam("id") String id, String body) {
        return json(templates.change(PortalCaller.of(http), id, body)).toString();
    }

    @DELETE
    @Path("{id}")
    public Response remove(@PathParam("id") String id) {
        templates.remove(PortalCaller.of(http), id);
        return Response.noContent().build();
    }

    @POST
    @Path("{id}/toggle")
    public String toggle(@PathParam("id") String id) {
        return json(templates.toggle(PortalCaller.of(http), id)).toString();
    }

    @POST
    @Path("copy/{templateId}")
    public Response copy(@PathParam("templateId") String templateId) {
        return Response.status(201).entity(json(templates.copy(PortalCaller.of(http), templateId)).toString()).build();
    }

    @GET
    @Path("copyable")
    public String copyable() {
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        templates.copyable(PortalCaller.of(http)).forEach(t -> list.add(Jsonp.createObjectBuilder().add("id", t.id())
                .add("name", t.name()).add("description", t.template().description())));
        return Jsonp.createObjectBuilder().add("templates", list).build().toString();
    }

    @GET
    @Path("export")
    public Response export() {
        return Response.ok(templates.export(PortalCaller.of(http)).toString(), MediaType.APPLICATION_JSON_TYPE)
                .header("Content-Disposition", "attachment; filename=\"" + UserTemplates.FILE_NAME + "\"").build();
    }

    @POST
    @Path("import")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public String importFile(@FormParam("file") EntityPart file, @FormParam("mode") String mode,
                             @QueryParam("mode") String modeParameter) {
        var caller = PortalCaller.of(http);
        return ImportUpload.answer(templates.importFile(caller, ImportUpload.text(file), ImportMode.of(mode != null ? mode : modeParameter)));
    }

    @POST
    @Path("import")
    @Consumes(MediaType.APPLICATION_JSON)
    public String importBody(String body, @QueryParam("mode") String mode) {
        return ImportUpload.answer(templates.importFile(PortalCaller.of(http), body, ImportMode.of(mode)));
    }

    static JsonObject json(UserTemplateRecord record) {
        return record.toJson();
    }
}
