package io.moe.interfaces.portal;

import io.moe.application.routing.RouteResolver;
import io.moe.application.template.ImportMode;
import io.moe.application.template.ImportResult;
import io.moe.application.template.OwnItems;
import io.moe.application.template.UserTemplates;
import io.moe.domain.identity.Caller;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal;
import io.moe.domain.template.ModelRef;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.UploadedText;
import io.moe.infrastructure.faces.ViewState;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.stream.JsonGenerator;
import org.primefaces.model.file.UploadedFile;

import java.io.Serializable;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the portal's pages of own templates and own coding-client profiles share: the list with state, a JSON
 * editor for a new or an existing item (a refusal names the field of the item, shown under the editor), toggle,
 * delete (after a confirmation), copy of an admin item the user may use, export (the JSON route's download) and
 * import with merge or replace. Everything goes through the application service of the JSON routes, so the
 * rules and messages are the same; without the role expert (or admin) and a model_endpoint grant the page says so,
 * and lists what the user made before, to export, deactivate or delete.
 *
 * @param <R> the stored item
 */
public abstract class OwnItemsPage<R> {

    static final String EDITOR = "editor:json";

    /** One row of the list. */
    public record Row(String id, String name, boolean active, String updated, String summary) implements Serializable {
    }

    @Inject
    PortalUser user;

    @Inject
    UserTemplates authors;

    @Inject
    RouteResolver routes;

    /** What the page keeps while it is shown: the editor, the copy and import choices, the last import's result. */
    static final class Editor implements Serializable {
        private static final long serialVersionUID = 1L;
        String editingId;
        String json;
        boolean editing;
        String copyFrom;
        String importMode = "merge";
        int[] lastImport;
    }

    private UploadedFile upload;
    private List<Row> rows;
    private Boolean allowed;
    private List<String> grantedModels;
    static final int MODELS_SHOWN = 40;

    /** The editor state of this page's view (each page is a view of its own). */
    private Editor editor() {
        return ViewState.of(Editor.class, Editor::new);
    }

    /** The application service of the JSON routes. */
    protected abstract OwnItems<R, ?> service();

    /** The admin items the caller may copy: id → name. */
    protected abstract Map<String, String> copyable(Caller caller);

    protected abstract Row row(R item);

    /** The item as its JSON (the import/export item). */
    protected abstract JsonObject item(String id);

    /** A new item to start from, naming {@code model} on {@code server} (a model the user's grants allow). */
    protected abstract JsonObject example(String model, String server);

    /** "template" or "profile". */
    protected abstract String noun();

    /** Whether the user may keep own items; asked once per request (the page's conditions ask several times). */
    public boolean isAllowed() {
        if (allowed == null) {
            allowed = authors.mayAuthor(user.caller());
        }
        return allowed;
    }

    public List<Row> getItems() {
        if (rows == null) {
            // the owner's, author or not; a list the table can sort in place (it does, and an unchangeable one failed with a 500)
            rows = new ArrayList<>(service().list(user.caller()).stream().map(this::row).toList());
        }
        return rows;
    }

    /**
     * The {@code model@server} ids the user's grants allow, shown beside the editor (at most {@value #MODELS_SHOWN}): what
     * planner_model, judge_model, the experts' models and a profile's tool model may name.
     */
    public List<String> getGrantedModels() {
        if (grantedModels == null) {
            grantedModels = routes.directModelIds(user.caller()).stream().sorted().toList();
        }
        return grantedModels.subList(0, Math.min(MODELS_SHOWN, grantedModels.size()));
    }

    /** How many granted models {@link #getGrantedModels()} leaves out. */
    public int getGrantedModelsLeftOut() {
        getGrantedModels();
        return Math.max(0, grantedModels.size() - MODELS_SHOWN);
    }

    public Map<String, String> getCopyable() {
        return isAllowed() ? copyable(user.caller()) : Map.of();
    }

    public void startNew() {
        String[] granted = firstGrantedModel();
        Editor e = editor();
        e.editingId = null;
        e.json = pretty(example(granted[0], granted[1]));
        e.editing = true;
    }

    /**
     * The row a button was drawn for, by the id it sent ({@code item}): the list is read again for every request, and a
     * row's position may have changed meanwhile (another tab deleted one); null, with a message, when it is gone.
     */
    private Row clicked() {
        String id = FacesContext.getCurrentInstance().getExternalContext().getRequestParameterMap().get("item");
        Row row = id == null ? null : getItems().stream().filter(r -> r.id().equals(id)).findFirst().orElse(null);
        if (row == null) {
            rows = null;
            FacesContext.getCurrentInstance().addMessage(null, new FacesMessage(FacesMessage.SEVERITY_WARN,
                    "That " + getNoun() + " is no longer there (changed in another window); the list is up to date now.", null));
        }
        return row;
    }

    public void edit() {
        Row row = clicked();
        if (row != null) {
            edit(row);
        }
    }

    public void toggle() {
        Row row = clicked();
        if (row != null) {
            toggle(row);
        }
    }

    public void delete() {
        Row row = clicked();
        if (row != null) {
            delete(row);
        }
    }

    void edit(Row row) {
        try {
            Editor e = editor();
            e.json = pretty(item(row.id()));
            e.editingId = row.id();
            e.editing = true;
        } catch (Refusal e) {
            PageMessages.refused("Not opened", e, Map.of());
        }
    }

    public void save() {
        Editor e = editor();
        try {
            R saved = e.editingId == null ? service().create(user.caller(), e.json)
                    : service().change(user.caller(), e.editingId, e.json);
            PageMessages.done(capitalised() + " " + row(saved).name() + " saved");
            cancel();
        } catch (Refusal refusal) {
            refusedInEditor(refusal);
        }
        rows = null;
    }

    public void cancel() {
        Editor e = editor();
        e.editing = false;
        e.editingId = null;
        e.json = null;
    }

    void toggle(Row row) {
        act(() -> {
            R changed = service().toggle(user.caller(), row.id());
            PageMessages.done(capitalised() + " " + row.name() + (row(changed).active() ? " activated" : " deactivated"));
        }, "Not changed");
    }

    void delete(Row row) {
        act(() -> {
            service().remove(user.caller(), row.id());
            PageMessages.done(capitalised() + " " + row.name() + " deleted");
            if (row.id().equals(editor().editingId)) {
                cancel();
            }
        }, "Not deleted");
    }

    public void copySelected() {
        String copyFrom = editor().copyFrom;
        if (copyFrom == null || copyFrom.isBlank()) {
            FacesContext.getCurrentInstance().addMessage("copy:source",
                    new FacesMessage(FacesMessage.SEVERITY_ERROR, "Choose what to copy.", null));
            FacesContext.getCurrentInstance().validationFailed();
            return;
        }
        act(() -> PageMessages.done("Copied as " + row(service().copy(user.caller(), copyFrom)).name()), "Not copied");
    }

    public void importUploaded() {
        Editor e = editor();
        e.lastImport = null;
        UploadedText.of(upload, "import:file", fileName()).ifPresent(text -> act(() -> {
            ImportResult result = service().importFile(user.caller(), text, ImportMode.of(e.importMode));
            e.lastImport = new int[]{result.imported(), result.skipped()};
            PageMessages.done("Import done: " + result.imported() + " imported, " + result.skipped() + " skipped");
        }, "Not imported"));
    }

    protected abstract String fileName();

    /** The portal JSON route the export link downloads from. */
    public abstract String getExportPath();

    private void act(Runnable action, String what) {
        try {
            action.run();
        } catch (Refusal e) {
            PageMessages.refused(what, e, Map.of());
        }
        rows = null;
    }

    private void refusedInEditor(Refusal e) {
        FacesContext faces = FacesContext.getCurrentInstance();
        boolean named = e.field() == null || e.getMessage().startsWith(e.field() + ":");
        String text = named ? e.getMessage() : e.field() + ": " + e.getMessage();
        faces.addMessage(EDITOR, new FacesMessage(FacesMessage.SEVERITY_ERROR, text, null));
        // the reason stands under the editor; the growl says only what happened, so it covers less of the page
        faces.addMessage(null, new FacesMessage(FacesMessage.SEVERITY_ERROR, capitalised() + " not saved", null));
        faces.validationFailed();
    }

    /**
     * The model the "new" example names, as [model, server]: the first granted model, a wildcard grant's server with a
     * placeholder model when that server has listed none, a placeholder when the user has no grant.
     */
    private String[] firstGrantedModel() {
        getGrantedModels();
        return grantedModels.stream().filter(id -> !id.startsWith("*@")).findFirst()
                .or(() -> grantedModels.stream().findFirst())
                .map(ModelRef::parse)
                .map(ref -> new String[]{ref.model().equals("*") ? "model:tag" : ref.model(), ref.endpoint()})
                .orElse(new String[]{"model:tag", "server"});
    }

    static String pretty(JsonObject json) {
        StringWriter out = new StringWriter();
        Jsonp.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true)).createWriter(out).write(json);
        return out.toString().strip();
    }

    private String capitalised() {
        return Character.toUpperCase(noun().charAt(0)) + noun().substring(1);
    }

    public String getJson() {
        return editor().json;
    }

    public void setJson(String json) {
        editor().json = json;
    }

    public boolean isEditing() {
        return editor().editing;
    }

    public boolean isNew() {
        return editor().editingId == null;
    }

    public String getCopyFrom() {
        return editor().copyFrom;
    }

    public void setCopyFrom(String copyFrom) {
        editor().copyFrom = copyFrom;
    }

    public String getImportMode() {
        return editor().importMode;
    }

    public void setImportMode(String importMode) {
        editor().importMode = importMode;
    }

    public UploadedFile getUpload() {
        return upload;
    }

    public void setUpload(UploadedFile upload) {
        this.upload = upload;
    }

    /** The last import's result in this view, or null. */
    public ImportResult getLastImport() {
        int[] last = editor().lastImport;
        return last == null ? null : new ImportResult(last[0], last[1]);
    }

    public String getNoun() {
        return noun();
    }
}
