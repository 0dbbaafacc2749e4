package io.moe.interfaces.admin;

import io.moe.application.identity.UserAdministration;
import io.moe.application.template.UserTemplates;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.shared.Refusal;
import io.moe.domain.template.UserTemplateRecord;
import io.moe.infrastructure.faces.PerView;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.io.Serializable;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Backing bean of {@code /user-content}: every user's own templates with owner, state and models, the template's
 * JSON on demand, and delete (after a confirmation); through {@link UserTemplates}, the service of
 * /api/admin/user-templates and of the portal.
 */
@Named
@PerView
public class UserContentPage implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    @Inject
    UserTemplates templates;

    @Inject
    UserAdministration users;

    /** One row: the template and its owner's name. */
    public record Row(String id, String name, String owner, boolean active, String updated, String models, String json) implements Serializable {
    }

    private List<Row> rows;
    private Row shown;

    public List<Row> getTemplates() {
        if (rows == null) {
            Map<String, String> names = users.users().stream().collect(Collectors.toMap(UserAccount::id, UserAccount::username, (a, b) -> a));
            rows = templates.listAll(5_000).stream().map(t -> row(t, names.getOrDefault(t.userId(), t.userId()))).toList();
        }
        return rows;
    }

    private static Row row(UserTemplateRecord t, String owner) {
        String models = t.template().serverMentions().stream().map(m -> m.server()).distinct().sorted().collect(Collectors.joining(", "));
        return new Row(t.id(), t.name(), owner, t.isActive(), t.updatedAt() == null ? "" : TIME.format(t.updatedAt()), models,
                pretty(t.template().toJson()));
    }

    private static String pretty(jakarta.json.JsonObject json) {
        java.io.StringWriter out = new java.io.StringWriter();
        jakarta.json.Json.createWriterFactory(Map.of(jakarta.json.stream.JsonGenerator.PRETTY_PRINTING, true)).createWriter(out).write(json);
        return out.toString().strip();
    }

    public void show(Row row) {
        shown = row;
    }

    public void delete(Row row) {
        try {
            templates.removeAny(row.id());
            PageMessages.done("Template " + row.name() + " of " + row.owner() + " deleted");
            if (shown != null && shown.id().equals(row.id())) {
                shown = null;
            }
        } catch (Refusal e) {
            PageMessages.refused("Not deleted", e, Map.of());
        }
        rows = null;
    }

    public Row getShown() {
        return shown;
    }
}
