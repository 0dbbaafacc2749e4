package io.moe.interfaces.portal;

import io.moe.application.template.UserTemplates;
import io.moe.application.template.OwnItems;
import io.moe.domain.identity.Caller;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.domain.template.UserTemplateRecord;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.JsonObject;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** Backing bean of {@code /user/templates}: the user's own expert templates ({@link UserTemplates}). */
@Named("ownTemplates")
@RequestScoped
public class OwnTemplatesPage extends OwnItemsPage<UserTemplateRecord> {

    @Inject
    UserTemplates templates;

    @Override
    protected OwnItems<UserTemplateRecord, ExpertTemplateRecord> service() {
        return templates;
    }

    @Override
    protected Map<String, String> copyable(Caller caller) {
        return templates.copyable(caller).stream().collect(Collectors.toMap(ExpertTemplateRecord::id, ExpertTemplateRecord::name,
                (a, b) -> a, LinkedHashMap::new));
    }

    @Override
    protected Row row(UserTemplateRecord t) {
        String servers = t.template().serverMentions().stream().map(m -> m.server()).distinct().sorted().collect(Collectors.joining(", "));
        return new Row(t.id(), t.name(), t.isActive(), user.time(t.updatedAt()), servers);
    }

    @Override
    protected JsonObject item(String id) {
        return templates.get(user.caller(), id).template().toJson();
    }

    @Override
    protected JsonObject example(String model, String server) {
        String ref = model + "@" + server;
        return Jsonp.createObjectBuilder().add("name", "my-template").add("description", "")
                .add("planner_model", ref).add("judge_model", ref)
                .add("experts", Jsonp.createObjectBuilder().add("general", Jsonp.createObjectBuilder()
                        .add("system_prompt", "Answer precisely and briefly.")
                        .add("models", Jsonp.createArrayBuilder().add(Jsonp.createObjectBuilder()
                                .add("model", model).add("endpoint", server).add("role", "primary"))))).build();
    }

    @Override
    protected String noun() {
        return "template";
    }

    @Override
    protected String fileName() {
        return UserTemplates.FILE_NAME;
    }

    @Override
    public String getExportPath() {
        return "/api/templates/export";
    }
}
