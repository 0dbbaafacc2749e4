package io.moe.interfaces.admin;

import io.moe.application.identity.UserAdministration;
import io.moe.application.profile.UserProfiles;
import io.moe.application.shared.Listing;
import io.moe.application.template.UserTemplates;
import io.moe.domain.profile.UserProfileRecord;
import io.moe.domain.shared.Refusal;
import io.moe.domain.template.UserTemplateRecord;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.PerView;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.io.Serializable;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Backing bean of {@code /user-content}: every user's own templates and coding-client profiles with owner, state
 * and servers, the item's JSON on demand, and delete (after a confirmation); through {@link UserTemplates} and
 * {@link UserProfiles}, the services of /api/admin/user-templates, /api/admin/user-cc-profiles and of the portal.
 */
@Named
@PerView
public class UserContentPage implements Serializable {

    private static final long serialVersionUID = 1L;
    static final int LIMIT = 5_000;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    @Inject
    UserTemplates templates;

    @Inject
    UserProfiles profiles;

    @Inject
    UserAdministration users;

    /** One row: the template or profile ({@code kind}) and its owner's name; its JSON is read when it is shown. */
    public record Row(String kind, String id, String name, String owner, boolean active, String updated, String models)
            implements Serializable {
    }

    private List<Row> rows;
    private List<Row> profileRows;
    private long templatesTotal;
    private long profilesTotal;
    private Row shown;
    private String shownJson;

    public List<Row> getTemplates() {
        if (rows == null) {
            Listing<UserTemplateRecord> listed = templates.listAll(0, LIMIT);
            templatesTotal = listed.total();
            Map<String, String> names = users.usernames(listed.items().stream().map(UserTemplateRecord::userId).toList());
            rows = new ArrayList<>(listed.items().stream().map(t -> row(t, names.getOrDefault(t.userId(), t.userId()))).toList());
        }
        return rows;
    }

    public List<Row> getProfiles() {
        if (profileRows == null) {
            Listing<UserProfileRecord> listed = profiles.listAll(0, LIMIT);
            profilesTotal = listed.total();
            Map<String, String> names = users.usernames(listed.items().stream().map(UserProfileRecord::userId).toList());
            profileRows = new ArrayList<>(listed.items().stream().map(p -> row(p, names.getOrDefault(p.userId(), p.userId()))).toList());
        }
        return profileRows;
    }

    /** A line under a table that lists fewer than there are, else null. */
    public String cut(String items, long total) {
        return total > LIMIT ? "Showing the first " + String.format(java.util.Locale.ROOT, "%,d", LIMIT) + " of "
                + String.format(java.util.Locale.ROOT, "%,d", total) + " " + items + "; the API pages through them all (offset, limit)." : null;
    }

    public String getTemplatesCut() {
        getTemplates();
        return cut("templates", templatesTotal);
    }

    public String getProfilesCut() {
        getProfiles();
        return cut("profiles", profilesTotal);
    }

    private static Row row(UserTemplateRecord t, String owner) {
        String models = t.template().serverMentions().stream().map(m -> m.server()).distinct().sorted().collect(Collectors.joining(", "));
        return new Row("template", t.id(), t.name(), owner, t.isActive(), t.updatedAt() == null ? "" : TIME.format(t.updatedAt()), models);
    }

    private static Row row(UserProfileRecord p, String owner) {
        return new Row("profile", p.id(), p.name(), owner, p.isActive(), p.updatedAt() == null ? "" : TIME.format(p.updatedAt()),
                p.profile().toolEndpoint());
    }

    private static String pretty(jakarta.json.JsonObject json) {
        java.io.StringWriter out = new java.io.StringWriter();
        io.moe.domain.shared.Jsonp.createWriterFactory(Map.of(jakarta.json.stream.JsonGenerator.PRETTY_PRINTING, true)).createWriter(out).write(json);
        return out.toString().strip();
    }

    /** Shows one item's JSON, read now: the lists keep no item's JSON (thousands of them would sit in the session). */
    public void show(Row row) {
        try {
            shownJson = pretty(row.kind().equals("profile") ? profiles.getAny(row.id()).profile().toJson()
                    : templates.getAny(row.id()).template().toJson());
            shown = row;
        } catch (Refusal e) {
            shown = null;
            PageMessages.refused("Not shown", e, Map.of()); // deleted meanwhile
        }
    }

    public String getShownJson() {
        return shownJson;
    }

    public void delete(Row row) {
        try {
            if (row.kind().equals("profile")) {
                profiles.removeAny(row.id());
                PageMessages.done("Profile " + row.name() + " of " + row.owner() + " deleted");
            } else {
                templates.removeAny(row.id());
                PageMessages.done("Template " + row.name() + " of " + row.owner() + " deleted");
            }
            if (shown != null && shown.id().equals(row.id())) {
                shown = null;
            }
        } catch (Refusal e) {
            PageMessages.refused("Not deleted", e, Map.of());
        }
        // only the table the row was in is read again (and redrawn): the other keeps the order the admin sees, so that its
        // next click acts on the row clicked
        if (row.kind().equals("profile")) {
            profileRows = null;
        } else {
            rows = null;
        }
    }

    public Row getShown() {
        return shown;
    }
}
