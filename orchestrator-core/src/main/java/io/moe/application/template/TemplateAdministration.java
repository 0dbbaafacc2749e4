package io.moe.application.template;

import io.moe.application.shared.Pages;
import io.moe.application.shared.UnitOfWork;
import io.moe.application.shared.WriteLocks;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.application.identity.AfterCommit;
import io.moe.application.identity.UserAdministration;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.domain.profile.CcProfileRecord;
import io.moe.domain.profile.ProfileRepository;
import io.moe.domain.profile.UserProfileRecord;
import io.moe.domain.profile.UserProfileRepository;
import io.moe.domain.template.TemplateBindings;
import io.moe.domain.template.TemplateRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.ArrayList;
import java.util.List;

/**
 * The admin-managed expert templates: list, create, change, delete, export and import. Each call is one
 * transaction that checks everything before it writes, so a refused template or a bad import file leaves
 * the templates as they were. Names are unique; the template named by {@code moe.template.default} cannot
 * be deleted or renamed, since every request without a template of its own runs with it.
 */
@ApplicationScoped
@UnitOfWork
public class TemplateAdministration {

    /** Admin templates the service keeps at most (every one is listed whole by GET /api/expert-templates). */
    public static final int MAX_TEMPLATES = 1000;

    @Inject
    TemplateRepository templates;

    @Inject
    TemplateChecks checks;

    @Inject
    TemplateCatalog catalog;

    @Inject
    AfterCommit afterCommit;

    @Inject
    TemplateBindings bindings;

    @Inject
    ProfileRepository profiles;

    @Inject
    UserProfileRepository userProfiles;

    /** Users' profiles are read in pages of this many. */
    private static final int PAGE = 1000;

    @Inject
    WriteLocks locks;

    @Inject
    UserAdministration users;

    @Inject
    @ConfigProperty(name = "moe.template.default", defaultValue = "default")
    String defaultName;

    public List<ExpertTemplateRecord> list() {
        return templates.all();
    }

    public ExpertTemplateRecord get(String id) {
        return templates.withId(id).orElseThrow(() -> TemplateRefusedException.notFound(id));
    }

    public ExpertTemplateRecord create(String body) {
        locks.lock("expert_templates"); // the count and the new row, one request after another on every node
        if (templates.all().size() >= MAX_TEMPLATES) {
            throw new TemplateRefusedException(Kind.CONFLICT, "too_many_templates", null, MAX_TEMPLATES
                    + " expert templates are the most this service keeps; delete one first");
        }
        ExpertTemplate template = checks.checked(body);
        if (templates.withName(template.name()).isPresent()) {
            throw TemplateRefusedException.duplicate(template.name());
        }
        ExpertTemplateRecord record = new ExpertTemplateRecord(template, template.toJson().toString());
        templates.add(record);
        refreshAfterCommit();
        return record;
    }

    /** Replaces template {@code id} with the whole template in {@code body} (read-only fields in it are ignored). */
    public ExpertTemplateRecord change(String id, String body) {
        ExpertTemplateRecord record = get(id);
        ExpertTemplate template = checks.checked(body);
        if (!template.name().equals(record.name())) {
            if (templates.withName(template.name()).isPresent()) {
                throw TemplateRefusedException.duplicate(template.name());
            }
            refuseIfDefault(record, "renamed");
            refuseWhileProfilesName(record, "renamed");
        }
        record.change(template, template.toJson().toString());
        templates.update(record);
        refreshAfterCommit();
        return record;
    }

    public void remove(String id) {
        ExpertTemplateRecord record = get(id);
        refuseIfDefault(record, "deleted");
        refuseWhileProfilesName(record, "deleted");
        users.revokeEverywhere(ResourceType.EXPERT_TEMPLATE, record.grant());
        templates.remove(record);
        refreshAfterCommit();
    }

    /** The export file of every template, in name order. */
    public JsonObject export() {
        return TemplateFile.write(templates.all().stream().map(ExpertTemplateRecord::template).toList(), "admin");
    }

    /**
     * Imports a file: an item whose name exists is skipped ({@code merge}: unread, so a server renamed since the export
     * does not refuse it) or overwrites that template in place, keeping its id ({@code replace}); every item that will be
     * written is checked first (one bad item refuses the whole file, naming {@code items[i].field}), then written.
     */
    public ImportResult importFile(String text, ImportMode mode) {
        TemplateFile.Contents contents = TemplateFile.read(text);
        List<ExpertTemplate> checked = new ArrayList<>();
        for (TemplateFile.Item item : contents.items()) {
            if (mode == ImportMode.MERGE && templates.withName(item.name()).isPresent()) {
                continue;
            }
            checked.add(checks.checked(item.json(), item.path()));
        }
        locks.lock("expert_templates");
        ItemsCap.overflow(templates.all().stream().map(ExpertTemplateRecord::name).toList(),
                checked.stream().map(ExpertTemplate::name).toList(), MAX_TEMPLATES, "expert templates", "this service").ifPresent(why -> {
                    throw new TemplateRefusedException(Kind.CONFLICT, "too_many_templates", "items", why);
                });
        int imported = 0;
        for (ExpertTemplate template : checked) {
            var existing = templates.withName(template.name());
            if (existing.isEmpty()) {
                templates.add(new ExpertTemplateRecord(template, template.toJson().toString()));
                imported++;
            } else if (mode == ImportMode.REPLACE) {
                existing.get().change(template, template.toJson().toString());
                templates.update(existing.get());
                imported++;
            }
        }
        refreshAfterCommit();
        return new ImportResult(imported, contents.nameless() + contents.items().size() - imported);
    }

    /** Refuses with 400 naming {@code field} when {@code templateId} is given but names no template. */
    public void requireExisting(String templateId, String field) {
        if (templateId != null && templates.withId(templateId).isEmpty()) {
            throw TemplateRefusedException.invalid(field, "no expert template with id '" + templateId
                    + "' (GET /api/expert-templates lists them)");
        }
    }

    /** Binds a key to a template for its mode requests ({@code null} unbinds). */
    public void bindKey(String keyId, String templateId) {
        requireExisting(templateId, "template_id");
        bindings.bindKey(keyId, templateId);
        refreshAfterCommit();
    }

    /** Sets a user's default template for mode requests ({@code null} unsets). */
    public void bindUser(String userId, String templateId) {
        requireExisting(templateId, "default_template_id");
        bindings.bindUser(userId, templateId);
        refreshAfterCommit();
    }

    /** Requests on this node use the change as soon as it is committed (other nodes within moe.template.refresh-seconds). */
    private void refreshAfterCommit() {
        if (afterCommit != null) {
            afterCommit.run(catalog::invalidate);
        } else if (catalog != null) {
            catalog.invalidate();
        }
    }

    /**
     * A profile names its template by name, the admin's and a user's own alike: renaming or deleting it would leave the
     * profile on the default silently.
     */
    private void refuseWhileProfilesName(ExpertTemplateRecord record, String what) {
        List<String> naming = new ArrayList<>(profiles.all().stream().map(CcProfileRecord::profile)
                .filter(p -> record.name().equals(p.expertTemplate())).map(p -> "profile '" + p.name() + "'").toList());
        Pages.each(userProfiles::all, PAGE, (UserProfileRecord r) -> {
            if (record.name().equals(r.profile().expertTemplate())) {
                naming.add("own profile '" + r.profile().name() + "' of user " + r.userId());
            }
        });
        if (!naming.isEmpty()) {
            throw new TemplateRefusedException(Kind.CONFLICT, "template_in_use", null, "expert template '" + record.name()
                    + "' cannot be " + what + ": " + Pages.firstOf(naming, 20)
                    + " name it (expert_template); point them at another template first");
        }
    }

    private void refuseIfDefault(ExpertTemplateRecord record, String what) {
        if (record.name().equals(defaultName)) {
            throw new TemplateRefusedException(Kind.CONFLICT, "default_template", null, "expert template '" + defaultName
                    + "' cannot be " + what + ": it is the default template (moe.template.default) that requests without"
                    + " a template of their own run with; change it instead, or set moe.template.default to another template first");
        }
    }
}
