package io.moe.interfaces.portalapi;

import io.moe.application.template.OwnItems;
import io.moe.application.template.UserTemplates;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.domain.template.UserTemplateRecord;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * /user/api/templates: the signed-in user's own expert templates ({@link UserTemplates}), by the routes of
 * {@link OwnItemsResource}; the export downloads {@code expert_templates_user.json}, a copyable template is listed with
 * its description.
 */
@Path("/templates")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.WILDCARD)
public class OwnTemplatesResource extends OwnItemsResource<UserTemplateRecord, ExpertTemplateRecord> {

    @Inject
    UserTemplates templates;

    public OwnTemplatesResource() {
        super("templates", UserTemplates.FILE_NAME, UserTemplateRecord::toJson, t -> Jsonp.createObjectBuilder()
                .add("id", t.id()).add("name", t.name()).add("description", t.template().description()));
    }

    @Override
    protected OwnItems<UserTemplateRecord, ExpertTemplateRecord> service() {
        return templates;
    }
}
