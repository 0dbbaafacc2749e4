package io.moe.interfaces.admin;

import io.moe.application.profile.ProfileAdministration;
import io.moe.application.servers.InferenceServerAdministration;
import io.moe.application.template.ImportMode;
import io.moe.application.template.ImportResult;
import io.moe.application.template.TemplateAdministration;
import io.moe.domain.profile.CcProfile;
import io.moe.domain.profile.CcProfileRecord;
import io.moe.domain.profile.ProfileMode;
import io.moe.domain.profile.ProfileSchema;
import io.moe.domain.shared.CopyName;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.PerView;
import io.moe.infrastructure.faces.UploadedText;
import jakarta.inject.Inject;
import jakarta.faces.model.SelectItem;
import jakarta.inject.Named;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import org.primefaces.model.file.UploadedFile;

import java.io.Serializable;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Backing bean of {@code /profiles}: the coding-client profiles listed, created and edited in a form with every
 * field of the cc_profile item, copied, deleted, exported and imported (merge or replace, the result shown);
 * every change through {@link ProfileAdministration}, the service of /api/profiles, whose refusal names the field.
 */
@Named
@PerView
public class ProfilesPage implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final Map<String, String> FIELDS = Map.ofEntries(Map.entry("name", "editor:name"),
            Map.entry("accepted_models", "editor:accepted"), Map.entry("tool_model", "editor:tool-model"),
            Map.entry("tool_endpoint", "editor:tool-endpoint"), Map.entry("moe_mode", "editor:mode"),
            Map.entry("tool_choice", "editor:tool-choice"), Map.entry("tool_max_tokens", "editor:tool-max"),
            Map.entry("reasoning_max_tokens", "editor:reasoning-max"), Map.entry("system_prompt_prefix", "editor:prefix"),
            Map.entry("reasoning_model", "editor:reasoning-model"), Map.entry("expert_template", "editor:template"));

    @Inject
    ProfileAdministration profiles;

    @Inject
    InferenceServerAdministration servers;

    @Inject
    TemplateAdministration templates;

    private transient List<CcProfileRecord> all;
    private String editing;
    private boolean open;
    private String name;
    private String acceptedModels;
    private String toolModel;
    private String toolEndpoint;
    private String mode = "native";
    private String toolChoice = CcProfile.TOOL_CHOICE_AUTO;
    private Integer toolMaxTokens = CcProfile.DEFAULT_TOOL_MAX_TOKENS;
    private Integer reasoningMaxTokens = CcProfile.DEFAULT_REASONING_MAX_TOKENS;
    private String systemPromptPrefix;
    private boolean streamThink = true;
    private String reasoningModel;
    private String expertTemplate;
    private UploadedFile upload;
    private String importMode = "merge";
    private ImportResult lastImport;

    public List<CcProfileRecord> getProfiles() {
        if (all == null) {
            all = new ArrayList<>(profiles.list()); // a table sorts the list it shows in place
        }
        return all;
    }

    public void startCreate() {
        editing = null;
        open = true;
        fill(new CcProfile("", List.of("claude-sonnet-4-5"), "", getServerNames().stream().findFirst().orElse(""), ProfileMode.NATIVE,
                CcProfile.TOOL_CHOICE_AUTO, CcProfile.DEFAULT_TOOL_MAX_TOKENS, CcProfile.DEFAULT_REASONING_MAX_TOKENS, null, true, null, null));
    }

    public void startEdit(CcProfileRecord record) {
        editing = record.id();
        open = true;
        fill(record.profile());
    }

    private void fill(CcProfile p) {
        name = p.name();
        acceptedModels = String.join(", ", p.acceptedModels());
        toolModel = p.toolModel();
        toolEndpoint = p.toolEndpoint();
        mode = p.mode().wireName();
        toolChoice = p.toolChoice();
        toolMaxTokens = p.toolMaxTokens();
        reasoningMaxTokens = p.reasoningMaxTokens();
        systemPromptPrefix = p.systemPromptPrefix();
        streamThink = p.streamThink();
        reasoningModel = p.reasoningModel();
        expertTemplate = p.expertTemplate();
    }

    /** The form as the JSON item /api/profiles takes, so the same checks apply. */
    String toJson() {
        JsonArrayBuilder models = Jsonp.createArrayBuilder();
        Arrays.stream(acceptedModels == null ? new String[0] : acceptedModels.split(",")).map(String::strip).filter(m -> !m.isEmpty())
                .forEach(models::add);
        JsonObjectBuilder o = Jsonp.createObjectBuilder().add("name", blankToEmpty(name)).add("accepted_models", models)
                .add("tool_model", blankToEmpty(toolModel)).add("tool_endpoint", blankToEmpty(toolEndpoint)).add("moe_mode", blankToEmpty(mode))
                .add("tool_choice", blankToEmpty(toolChoice)).add("stream_think", streamThink);
        if (toolMaxTokens != null) {
            o.add("tool_max_tokens", toolMaxTokens);
        }
        if (reasoningMaxTokens != null) {
            o.add("reasoning_max_tokens", reasoningMaxTokens);
        }
        if (systemPromptPrefix == null || systemPromptPrefix.isBlank()) {
            o.addNull("system_prompt_prefix");
        } else {
            o.add("system_prompt_prefix", systemPromptPrefix);
        }
        if (reasoningModel != null && !reasoningModel.isBlank()) {
            o.add("reasoning_model", reasoningModel.strip());
        }
        if (expertTemplate != null && !expertTemplate.isBlank()) {
            o.add("expert_template", expertTemplate);
        }
        return o.build().toString();
    }

    private static String blankToEmpty(String s) {
        return s == null ? "" : s.strip();
    }

    public void save() {
        try {
            CcProfileRecord saved = editing == null ? profiles.create(toJson()) : profiles.change(editing, toJson());
            PageMessages.done("Profile " + saved.name() + (editing == null ? " created" : " saved"));
            editing = saved.id();
            all = null;
        } catch (Refusal e) {
            PageMessages.refused(editing == null ? "Profile not created" : "Profile not saved", e, FIELDS);
        }
    }

    public void cancel() {
        open = false;
    }

    public void copy(CcProfileRecord record) {
        List<String> taken = getProfiles().stream().map(CcProfileRecord::name).toList();
        String base = CopyName.shortened(record.name(), "-copy-999", ProfileSchema.MAX_NAME);
        String copyName = base + "-copy";
        for (int i = 2; taken.contains(copyName) && i < 1000; i++) {
            copyName = base + "-copy-" + i;
        }
        try {
            CcProfile p = record.profile();
            CcProfileRecord saved = profiles.create(new CcProfile(copyName, p.acceptedModels(), p.toolModel(), p.toolEndpoint(), p.mode(),
                    p.toolChoice(), p.toolMaxTokens(), p.reasoningMaxTokens(), p.systemPromptPrefix(), p.streamThink(), p.reasoningModel(),
                    p.expertTemplate()).toJson().toString());
            PageMessages.done("Copied " + record.name() + " to " + saved.name());
        } catch (Refusal e) {
            PageMessages.refused("Not copied", e, Map.of());
        }
        all = null;
    }

    public void delete(CcProfileRecord record) {
        try {
            profiles.remove(record.id());
            PageMessages.done("Profile " + record.name() + " deleted");
            if (record.id().equals(editing)) {
                open = false;
            }
        } catch (Refusal e) {
            PageMessages.refused("Not deleted", e, Map.of());
        }
        all = null;
    }

    public void importFile() {
        lastImport = null;
        try {
            UploadedText.of(upload, "import:file", "cc_profiles.json").ifPresent(text -> {
                lastImport = profiles.importFile(text, ImportMode.of(importMode));
                PageMessages.done("Imported " + lastImport.imported() + ", skipped " + lastImport.skipped());
                all = null;
            });
        } catch (Refusal e) {
            PageMessages.refused("Nothing imported", e, Map.of("file", "import:file"));
        } finally {
            upload = null;
        }
    }

    public List<String> getServerNames() {
        return servers.list().stream().map(s -> s.settings().name()).sorted().toList();
    }

    /** The profile modes, each its id (as export files carry it) and what it does. */
    public List<SelectItem> getModes() {
        return Arrays.stream(ProfileMode.values()).map(m -> new SelectItem(m.wireName(), m.wireName() + " — " + whatItDoes(m))).toList();
    }

    /** "straight to the tool model", or the pipeline mode it runs in: "pipeline, mode agent_orchestrated, thinking shown". */
    public String whatItDoes(ProfileMode mode) {
        return mode.pipelineMode() == null ? "straight to the tool model"
                : "pipeline, mode " + mode.pipelineMode().modeName() + (mode.showsReasoning() ? ", thinking shown" : "");
    }

    public List<String> getTemplateNames() {
        return templates.list().stream().map(ExpertTemplateRecord::name).sorted().toList();
    }

    public boolean isOpen() { return open; }
    public boolean isCreating() { return editing == null; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public String getAcceptedModels() { return acceptedModels; }
    public void setAcceptedModels(String acceptedModels) { this.acceptedModels = acceptedModels; }
    public String getToolModel() { return toolModel; }
    public void setToolModel(String toolModel) { this.toolModel = toolModel; }
    public String getToolEndpoint() { return toolEndpoint; }
    public void setToolEndpoint(String toolEndpoint) { this.toolEndpoint = toolEndpoint; }
    public String getMode() { return mode; }
    public void setMode(String mode) { this.mode = mode; }
    public String getToolChoice() { return toolChoice; }
    public void setToolChoice(String toolChoice) { this.toolChoice = toolChoice; }
    public Integer getToolMaxTokens() { return toolMaxTokens; }
    public void setToolMaxTokens(Integer toolMaxTokens) { this.toolMaxTokens = toolMaxTokens; }
    public Integer getReasoningMaxTokens() { return reasoningMaxTokens; }
    public void setReasoningMaxTokens(Integer reasoningMaxTokens) { this.reasoningMaxTokens = reasoningMaxTokens; }
    public String getSystemPromptPrefix() { return systemPromptPrefix; }
    public void setSystemPromptPrefix(String systemPromptPrefix) { this.systemPromptPrefix = systemPromptPrefix; }
    public boolean isStreamThink() { return streamThink; }
    public void setStreamThink(boolean streamThink) { this.streamThink = streamThink; }
    public String getReasoningModel() { return reasoningModel; }
    public void setReasoningModel(String reasoningModel) { this.reasoningModel = reasoningModel; }
    public String getExpertTemplate() { return expertTemplate; }
    public void setExpertTemplate(String expertTemplate) { this.expertTemplate = expertTemplate; }
    public UploadedFile getUpload() { return upload; }
    public void setUpload(UploadedFile upload) { this.upload = upload; }
    public String getImportMode() { return importMode; }
    public void setImportMode(String importMode) { this.importMode = importMode; }
    public ImportResult getLastImport() { return lastImport; }
}
