package io.moe.application.template;

import io.moe.application.shared.Listing;
import io.moe.application.identity.AfterCommit;
import io.moe.application.shared.UnitOfWork;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.identity.UserRepository;
import io.moe.domain.mode.Mode;
import io.moe.domain.shared.CopyName;
import io.moe.domain.shared.Refusal.Kind;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ExpertTemplate.ServerMention;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.domain.template.TemplateRepository;
import io.moe.domain.template.UserTemplateRecord;
import io.moe.domain.template.UserTemplateRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A user's own expert templates (spec: user_expert_templates): list, create, change, delete, toggle, copy
 * from an admin template the user may use, export ({@code expert_templates_user.json}) and import. Only a
 * user with the role expert or admin and at least one model_endpoint grant may keep them (403
 * {@code template_authoring_not_permitted}), and every model a template names must be one those grants allow
 * (403 {@code model_endpoint_not_granted}, naming the field). The schema and server checks are the admin
 * templates' ({@link TemplateChecks}); the import file is the admin import's ({@link TemplateFile}). Another
 * user's template is answered as missing (404). Each call is one transaction that checks before it writes.
 */
@ApplicationScoped
@UnitOfWork
public class UserTemplates implements OwnItems<UserTemplateRecord, ExpertTemplateRecord> {

    public static final String FILE_NAME = "expert_templates_user.json";
    /** Own templates one user may keep. */
    public static final int MAX_PER_USER = 200;

    @Inject
    UserTemplateRepository templates;

    @Inject
    TemplateRepository adminTemplates;

    @Inject
    UserRepository accounts;

    @Inject
    TemplateChecks checks;

    @Inject
    UserTemplateCatalog catalog;

    @Inject
    AfterCommit afterCommit;

    /** Whether {@code caller} may keep own templates and profiles: role expert or admin, and a model_endpoint grant. */
    public boolean mayAuthor(Caller caller) {
        return !caller.granted(ResourceType.MODEL_ENDPOINT).isEmpty()
                && accounts.find(caller.userId()).filter(u -> u.isActive() && u.mayAuthorTemplates()).isPresent();
    }

    /** Refuses with 403 unless {@code caller} {@link #mayAuthor may author}. */
    public void requireAuthor(Caller caller) {
        if (!mayAuthor(caller)) {
            throw new TemplateRefusedException(Kind.FORBIDDEN, "template_authoring_not_permitted", null,
                    "own templates and profiles need the role expert (or admin) and at least one model_endpoint permission;"
                            + " ask an admin");
        }
    }

    /** Whether {@code caller}'s grants allow every model {@code template} names (model_endpoint, exact or {@code *@server}). */
    public static Optional<ServerMention> firstUngranted(Caller caller, ExpertTemplate template) {
        return template.serverMentions().stream().filter(m -> !mayCallDirectly(caller, m.model().toString(), m.server())).findFirst();
    }

    /** The model_endpoint rule of the routing: the exact id or the server's wildcard. */
    public static boolean mayCallDirectly(Caller caller, String modelId, String server) {
        return caller.mayUse(ResourceType.MODEL_ENDPOINT, modelId) || caller.mayUse(ResourceType.MODEL_ENDPOINT, "*@" + server);
    }

    /**
     * The caller's own templates. Reading, exporting, deactivating and deleting them needs only ownership: a user whose
     * role or last grant an admin took away still sees and can clean up what they made (writing needs {@link #requireAuthor}).
     */
    @Override
    public List<UserTemplateRecord> list(Caller caller) {
        return templates.ofUser(caller.userId());
    }

    @Override
    public UserTemplateRecord get(Caller caller, String id) {
        return own(caller, id);
    }

    @Override
    public UserTemplateRecord create(Caller caller, String body) {
        requireAuthor(caller);
        return add(caller, allowed(caller, checks.checked(body), ""));
    }

    @Override
    public UserTemplateRecord change(Caller caller, String id, String body) {
        requireAuthor(caller);
        UserTemplateRecord record = own(caller, id);
        ExpertTemplate template = allowed(caller, checks.checked(body), "");
        if (!template.name().equals(record.name()) && named(caller, template.name()).isPresent()) {
            throw TemplateRefusedException.duplicate(template.name());
        }
        record.change(template);
        templates.update(record);
        refreshAfterCommit();
        return record;
    }

    @Override
    public void remove(Caller caller, String id) {
        templates.remove(own(caller, id));
        refreshAfterCommit();
    }

    /** Every user's templates, for an admin (/user-content): at most {@code limit} after the first {@code offset}. */
    public Listing<UserTemplateRecord> listAll(int offset, int limit) {
        return new Listing<>(templates.all(offset, limit), templates.count());
    }

    /** Any user's template, for an admin (/user-content shows one); 404 when there is none. */
    public UserTemplateRecord getAny(String id) {
        return templates.withId(id).orElseThrow(() -> TemplateRefusedException.notFound(id));
    }

    /** An admin removes any user's template (DELETE /api/admin/user-templates/{id}); 404 when there is none. */
    public UserTemplateRecord removeAny(String id) {
        UserTemplateRecord record = getAny(id);
        templates.remove(record);
        refreshAfterCommit();
        return record;
    }

    /**
     * Activates an inactive template (an author's right) or deactivates an active one (the owner's); only active ones are
     * selectable by name.
     */
    @Override
    public UserTemplateRecord toggle(Caller caller, String id) {
        UserTemplateRecord record = own(caller, id);
        if (!record.isActive()) {
            requireAuthor(caller);
        }
        record.toggle();
        templates.update(record);
        refreshAfterCommit();
        return record;
    }

    /**
     * Copies admin template {@code adminTemplateId}, which the caller may use (its expert_template grant, or
     * admin), into an own template named {@code "<name> (copy)"} (numbered when taken): the admin template keeps its
     * name, and a request naming it runs the admin template. An admin
     * template the caller may not use is answered as missing.
     */
    @Override
    public UserTemplateRecord copy(Caller caller, String adminTemplateId) {
        requireAuthor(caller);
        ExpertTemplateRecord source = adminTemplates.withId(adminTemplateId == null ? "" : adminTemplateId)
                .filter(t -> t.isActive() && caller.mayUse(ResourceType.EXPERT_TEMPLATE, "tmpl-" + t.id()))
                .orElseThrow(() -> new TemplateRefusedException(Kind.NOT_FOUND, "not_found", "template_id",
                        "no admin template with id '" + adminTemplateId + "' that your account may use"));
        String name = source.name();
        for (int n = 1; named(caller, name).isPresent() || Mode.fromModelId(name).isPresent() || adminNamed(name); n++) {
            name = CopyName.of(source.name(), n, ExpertTemplate.MAX_NAME);
        }
        JsonObject item = io.moe.domain.shared.Jsonp.createObjectBuilder(source.template().toJson()).add("name", name)
                .add("cost_factor", Math.max(1.0, source.template().costFactor())).build(); // an own template's least
        return add(caller, allowed(caller, checks.checked(item.toString()), ""));
    }

    /** The admin templates {@code caller} may copy: active, and granted (admins: all). */
    @Override
    public List<ExpertTemplateRecord> copyable(Caller caller) {
        requireAuthor(caller);
        return adminTemplates.all().stream()
                .filter(t -> t.isActive() && caller.mayUse(ResourceType.EXPERT_TEMPLATE, "tmpl-" + t.id())).toList();
    }

    @Override
    public JsonObject export(Caller caller) {
        return TemplateFile.write(list(caller).stream().map(UserTemplateRecord::template).toList(), "user");
    }

    /** Imports an export file into the caller's own templates: the admin import's envelope and validation table, per owner. */
    @Override
    public ImportResult importFile(Caller caller, String text, ImportMode mode) {
        requireAuthor(caller);
        TemplateFile.Contents contents = TemplateFile.read(text);
        List<ExpertTemplate> checked = new ArrayList<>();
        for (TemplateFile.Item item : contents.items()) {
            if (mode == ImportMode.MERGE && named(caller, item.name()).isPresent()) {
                continue; // skipped unread: a grant lost since the export does not refuse a template the user keeps
            }
            checked.add(allowed(caller, checks.checked(item.json(), item.path()), item.path() + "."));
        }
        ItemsCap.overflow(templates.ofUser(caller.userId()).stream().map(UserTemplateRecord::name).toList(),
                checked.stream().map(ExpertTemplate::name).toList(), MAX_PER_USER, "own templates", "you").ifPresent(why -> {
                    throw new TemplateRefusedException(Kind.CONFLICT, "too_many_templates", "items", why);
                });
        int imported = 0;
        for (ExpertTemplate template : checked) {
            Optional<UserTemplateRecord> existing = named(caller, template.name());
            if (existing.isEmpty()) {
                add(caller, template);
                imported++;
            } else if (mode == ImportMode.REPLACE) {
                existing.get().change(template);
                templates.update(existing.get());
                imported++;
            }
        }
        refreshAfterCommit();
        return new ImportResult(imported, contents.nameless() + contents.items().size() - imported);
    }

    private UserTemplateRecord add(Caller caller, ExpertTemplate template) {
        accounts.lock(caller.userId()); // the name check, the count and the new row, one request of this user after another
        if (named(caller, template.name()).isPresent()) {
            throw TemplateRefusedException.duplicate(template.name());
        }
        if (templates.ofUser(caller.userId()).size() >= MAX_PER_USER) {
            throw new TemplateRefusedException(Kind.CONFLICT, "too_many_templates", null,
                    "you keep " + MAX_PER_USER + " own templates, the most allowed; delete one first");
        }
        UserTemplateRecord record = new UserTemplateRecord(caller.userId(), template);
        templates.add(record);
        refreshAfterCommit();
        return record;
    }

    /**
     * The template, when every model it names is one the caller's grants allow, its name is neither a mode id nor an
     * admin template's (requests naming those run them, never the own template), and its {@code cost_factor} adds to
     * what its requests count against the user's budget rather than lowering it.
     */
    private ExpertTemplate allowed(Caller caller, ExpertTemplate template, String path) {
        if (Mode.fromModelId(template.name()).isPresent()) {
            throw TemplateRefusedException.invalid(path + "name", "'" + template.name()
                    + "' is a mode id; an own template needs a name of its own");
        }
        if (adminNamed(template.name())) {
            throw TemplateRefusedException.invalid(path + "name", "'" + template.name() + "' is the name of a shared "
                    + "template, and requests naming it run that one; an own template needs a name of its own");
        }
        if (template.costFactor() < 1.0) {
            throw TemplateRefusedException.invalid(path + "cost_factor", "an own template's cost_factor is at least 1.0 "
                    + "(it may add a surcharge to the tokens its requests count against your budget, not lower them); "
                    + "it is " + template.costFactor());
        }
        firstUngranted(caller, template).ifPresent(m -> {
            throw new TemplateRefusedException(Kind.FORBIDDEN, "model_endpoint_not_granted", path + m.field(),
                    "your account has no model_endpoint permission for '" + m.model() + "' (nor '*@" + m.server()
                            + "'); own templates may use only the models your permissions allow");
        });
        return template;
    }

    private UserTemplateRecord own(Caller caller, String id) {
        return templates.ofUser(caller.userId(), id).orElseThrow(() -> TemplateRefusedException.notFound(id));
    }

    private boolean adminNamed(String name) {
        return adminTemplates.all().stream().anyMatch(t -> t.name().equals(name));
    }

    private Optional<UserTemplateRecord> named(Caller caller, String name) {
        return templates.ofUser(caller.userId()).stream().filter(t -> t.name().equals(name)).findFirst();
    }

    private void refreshAfterCommit() {
        afterCommit.run(catalog::invalidate);
    }
}
