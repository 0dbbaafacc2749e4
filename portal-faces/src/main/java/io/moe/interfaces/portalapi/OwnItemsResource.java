package io.moe.interfaces.portalapi;

import io.moe.application.template.ImportMode;
import io.moe.application.template.OwnItems;
import io.moe.domain.shared.Jsonp;
import io.moe.infrastructure.web.ImportUpload;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.function.Function;

/**
 * The routes of a kind of the signed-in user's own items ({@link OwnItems}), each item shaped as the admin's (the item
 * plus {@code id}, {@code is_active} and timestamps): the spec's POST, PUT and DELETE, and besides GET (list and one),
 * {@code POST {id}/toggle}, {@code POST copy/{admin item id}}, {@code GET copyable} (the admin items the user may copy,
 * by id and name), {@code GET export} (a download) and {@code POST import} (multipart {@code file} + {@code mode}, or
 * the file as JSON body with {@code ?mode=}). A subclass names the path, the list's key and the export's file name.
 */
public abstract class OwnItemsResource<R, A> {

    private final String listKey;
    private final String fileName;
    private final Function<R, JsonObject> item;
    private final Function<A, JsonObjectBuilder> copyableItem;

    @Context
    HttpServletRequest http;

    /**
     * {@code listKey} holds the list in the answers; {@code item} shapes one item, {@code copyableItem} one admin item
     * the user may copy (besides its id and name).
     */
    protected OwnItemsResource(String listKey, String fileName, Function<R, JsonObject> item,
                               Function<A, JsonObjectBuilder> copyableItem) {
        this.listKey = listKey;
        this.fileName = fileName;
        this.item = item;
        this.copyableItem = copyableItem;
    }

    /** The service the routes call. */
    protected abstract OwnItems<R, A> service();

    @GET
    public String list() {
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        service().list(PortalCaller.of(http)).forEach(t -> list.add(item.apply(t)));
        return Jsonp.createObjectBuilder().add(listKey, list).build().toString();
    }

    @POST
    public Response create(String body) {
        return Response.status(201).entity(item.apply(service().create(PortalCaller.of(http), body)).toString()).build();
    }

    @GET
    @Path("{id}")
    public String get(@PathParam("id") String id) {
        return item.apply(service().get(PortalCaller.of(http), id)).toString();
    }

    @PUT
    @Path("{id}")
    public String change(@PathParam("id") String id, String body) {
        return item.apply(service().change(PortalCaller.of(http), id, body)).toString();
    }

    @DELETE
    @Path("{id}")
    public Response remove(@PathParam("id") String id) {
        service().remove(PortalCaller.of(http), id);
        return Response.noContent().build();
    }

    @POST
    @Path("{id}/toggle")
    public String toggle(@PathParam("id") String id) {
        return item.apply(service().toggle(PortalCaller.of(http), id)).toString();
    }

    @POST
    @Path("copy/{adminId}")
    public Response copy(@PathParam("adminId") String adminId) {
        return Response.status(201).entity(item.apply(service().copy(PortalCaller.of(http), adminId)).toString()).build();
    }

    @GET
    @Path("copyable")
    public String copyable() {
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        service().copyable(PortalCaller.of(http)).forEach(a -> list.add(copyableItem.apply(a)));
        return Jsonp.createObjectBuilder().add(listKey, list).build().toString();
    }

    @GET
    @Path("export")
    public Response export() {
        return Response.ok(service().export(PortalCaller.of(http)).toString(), MediaType.APPLICATION_JSON_TYPE)
                .header("Content-Disposition", "attachment; filename=\"" + fileName + "\"").build();
    }

    @POST
    @Path("import")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public String importFile(@FormParam("file") EntityPart file, @FormParam("mode") String mode,
                             @QueryParam("mode") String modeParameter) {
        var caller = PortalCaller.of(http);
        return ImportUpload.answer(service().importFile(caller, ImportUpload.text(file), ImportMode.of(mode != null ? mode : modeParameter)));
    }

    @POST
    @Path("import")
    @Consumes(MediaType.APPLICATION_JSON)
    public String importBody(String body, @QueryParam("mode") String mode) {
        return ImportUpload.answer(service().importFile(PortalCaller.of(http), body, ImportMode.of(mode)));
    }
}
