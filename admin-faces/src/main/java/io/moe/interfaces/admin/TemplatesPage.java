package io.moe.interfaces.admin;

import io.moe.application.servers.InferenceServerAdministration;
import io.moe.application.template.ImportMode;
import io.moe.application.template.ImportResult;
import io.moe.application.template.TemplateAdministration;
import io.moe.application.template.TemplateRefusedException;
import io.moe.domain.shared.CopyName;
import io.moe.domain.shared.Refusal;
import io.moe.domain.template.ExpertRole;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.PerView;
import io.moe.infrastructure.faces.UploadedText;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import org.primefaces.model.file.UploadedFile;

import java.io.Serializable;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;

/**
 * Backing bean of {@code /templates}: the admin expert templates listed, created and edited in a structured
 * editor ({@link TemplateForm}), copied, deleted, exported and imported (merge or replace, the result shown).
 * Every change goes through {@link TemplateAdministration}, the service of {@code /api/expert-templates}; its
 * refusal names the field's path ({@code experts.code.models[1].role}), and the editor shows the message
 * beside that field.
 */
@Named
@PerView
public class TemplatesPage implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    TemplateAdministration templates;

    @Inject
    InferenceServerAdministration servers;

    private List<ExpertTemplateRecord> all;
    private String editing;
    private TemplateForm form = TemplateForm.blank();
    private String errorField;
    private String errorMessage;
    private UploadedFile upload;
    private String importMode = "merge";
    private ImportResult lastImport;

    public List<ExpertTemplateRecord> getTemplates() {
        if (all == null) {
            all = new ArrayList<>(templates.list()); // a table sorts the list it shows in place
        }
        return all;
    }

    /** The categories of {@code record}, for the list. */
    public String categoriesOf(ExpertTemplateRecord record) {
        return String.join(", ", record.template().experts().keySet());
    }

    public void startCreate() {
        editing = null;
        form = TemplateForm.blank();
        clearError();
    }

    public void startEdit(ExpertTemplateRecord record) {
        editing = record.id();
        form = TemplateForm.of(record.template());
        clearError();
    }

    public void save() {
        clearError();
        String repeated = form.repeatedCategory();
        if (repeated != null) {
            refused(editing == null ? "Template not created" : "Template not saved",
                    new TemplateRefusedException(Refusal.Kind.INVALID, "duplicate_category", repeated,
                            repeated + ": this category appears twice; give each category its own id"));
            return;
        }
        try {
            ExpertTemplateRecord saved = editing == null ? templates.create(form.toJson()) : templates.change(editing, form.toJson());
            PageMessages.done("Template " + saved.name() + (editing == null ? " created" : " saved"));
            editing = saved.id();
            all = null;
        } catch (TemplateRefusedException e) {
            refused(editing == null ? "Template not created" : "Template not saved", e);
        }
    }

    /** Creates a copy named "{@code <name>} copy" (or "copy 2", …), which the editor then shows. */
    public void copy(ExpertTemplateRecord record) {
        TemplateForm copy = TemplateForm.of(record.template());
        // the source shortened so that "<name> copy 999" still fits the limit the admin did not choose to reach
        copy.setName(freeName(CopyName.shortened(record.name(), " copy 999", ExpertTemplate.MAX_NAME) + " copy"));
        try {
            ExpertTemplateRecord saved = templates.create(copy.toJson());
            PageMessages.done("Copied " + record.name() + " to " + saved.name());
        } catch (TemplateRefusedException e) {
            PageMessages.refused("Not copied", e, java.util.Map.of());
        }
        all = null;
    }

    public void delete(ExpertTemplateRecord record) {
        try {
            templates.remove(record.id());
            PageMessages.done("Template " + record.name() + " deleted");
            if (record.id().equals(editing)) { // its editor would save into nothing: a new template's form instead
                startCreate();
            }
        } catch (TemplateRefusedException e) {
            PageMessages.refused("Not deleted", e, java.util.Map.of());
        }
        all = null;
    }

    public void importFile() {
        lastImport = null;
        try {
            UploadedText.of(upload, "import:file", "expert_templates.json").ifPresent(text -> {
                lastImport = templates.importFile(text, ImportMode.of(importMode));
                PageMessages.done("Imported " + lastImport.imported() + ", skipped " + lastImport.skipped());
                all = null;
            });
        } catch (TemplateRefusedException e) {
            PageMessages.refused("Nothing imported", e, java.util.Map.of("file", "import:file"));
        } finally {
            upload = null;
        }
    }

    public void addCategory() {
        if (form.getCategories().size() < TemplateForm.MAX_CATEGORIES) {
            TemplateForm.Category category = new TemplateForm.Category();
            category.getModels().add(new TemplateForm.ModelRow());
            form.getCategories().add(category);
        }
    }

    public void removeCategory(int index) {
        if (index >= 0 && index < form.getCategories().size()) {
            form.getCategories().remove(index);
        }
    }

    public void addModel(TemplateForm.Category category) {
        if (category.getModels().size() < TemplateForm.MAX_MODELS) {
            category.getModels().add(new TemplateForm.ModelRow());
        }
    }

    public void removeModel(TemplateForm.Category category, int index) {
        if (index >= 0 && index < category.getModels().size()) {
            category.getModels().remove(index);
        }
    }

    /** The refusal's message when it names {@code path}, else null: shown beside that field. */
    public String errorAt(String path) {
        return path != null && path.equals(errorField) ? errorMessage : null;
    }

    public String categoryPath(TemplateForm.Category category) {
        return "experts." + (category.getName() == null ? "" : category.getName().strip());
    }

    public String modelPath(TemplateForm.Category category, int index, String field) {
        return categoryPath(category) + ".models[" + index + "]" + (field.isEmpty() ? "" : "." + field);
    }

    /** A refusal about a category's models as a whole, or about a model row, shown under the model table. */
    public String modelsError(TemplateForm.Category category) {
        String path = categoryPath(category);
        if (errorField == null || !errorField.startsWith(path + ".models")) {
            return null;
        }
        String rest = errorField.substring(path.length() + ".models".length());
        return rest.isEmpty() || rest.matches("\\[\\d+]") ? errorMessage : null;
    }

    public List<String> getRoles() {
        return Arrays.stream(ExpertRole.values()).map(ExpertRole::wireName).toList();
    }

    /** {@code model@server} of every model the healthy servers report, as suggestions for the model fields. */
    public List<String> getKnownModels() {
        return servers.list().stream().filter(s -> s.health().isPresent())
                .flatMap(s -> s.health().get().models().stream().map(m -> m + "@" + s.settings().name()))
                .sorted().limit(200).toList();
    }

    public List<String> getServerNames() {
        return servers.list().stream().map(s -> s.settings().name()).sorted().toList();
    }

    private String freeName(String wanted) {
        List<String> taken = templates.list().stream().map(ExpertTemplateRecord::name).toList();
        String name = wanted;
        for (int i = 2; taken.contains(name) && i < 1000; i++) {
            name = wanted + " " + i;
        }
        return name;
    }

    private void refused(String what, Refusal refusal) {
        if (form.hasField(refusal.field())) {
            errorField = refusal.field();
            errorMessage = refusal.getMessage();
            FacesContext.getCurrentInstance().addMessage(null, new FacesMessage(FacesMessage.SEVERITY_ERROR, what,
                    "The message under the marked field says why."));
            FacesContext.getCurrentInstance().validationFailed();
        } else {
            PageMessages.refused(what, refusal, java.util.Map.of());
        }
    }

    private void clearError() {
        errorField = null;
        errorMessage = null;
    }

    public boolean isEditing() {
        return editing != null;
    }

    public TemplateForm getForm() {
        return form;
    }

    public UploadedFile getUpload() {
        return upload;
    }

    public void setUpload(UploadedFile upload) {
        this.upload = upload;
    }

    public String getImportMode() {
        return importMode;
    }

    public void setImportMode(String importMode) {
        this.importMode = importMode;
    }

    public ImportResult getLastImport() {
        return lastImport;
    }
}
