package io.moe.interfaces.admin;

import io.moe.application.tools.ToolAdministration;
import io.moe.application.tools.ToolCase;
import io.moe.application.tools.ToolEvaluation;
import io.moe.application.tools.ToolEvaluation.CaseRun;
import io.moe.application.tools.ToolEvaluation.Run;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.PerView;
import io.moe.infrastructure.tools.ToolServerClient.ToolDescription;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.JsonObject;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * Backing bean of {@code /tool-eval}: choose a tool, fill the form its JSON Schema generates
 * ({@link ToolArgumentForm}), run it and see the result and the time; save the run as a case, and run every
 * saved case to see which pass. Runs and cases go through {@link ToolEvaluation}.
 */
@Named
@PerView
public class ToolEvalPage implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final Map<String, String> CASE_FIELDS = Map.of("name", "eval:case-name", "expected", "eval:expected",
            "tool", "eval:tool");

    @Inject
    ToolEvaluation evaluation;

    @Inject
    ToolAdministration tools;

    @Inject
    UserRepository users;

    private transient List<ToolDescription> catalog;
    private String tool;
    private ToolArgumentForm form = new ToolArgumentForm();
    private Run lastRun;
    private String caseName;
    private boolean expectOk = true;
    private String expected;
    private List<CaseRun> caseRuns;

    public List<ToolDescription> getTools() {
        if (catalog == null) {
            catalog = tools.tools();
        }
        return catalog;
    }

    /** Builds the argument form of the chosen tool. */
    public void choose() {
        lastRun = null;
        form = getTools().stream().filter(t -> t.name().equals(tool)).findFirst()
                .map(t -> ToolArgumentForm.of(t.inputSchema())).orElseGet(ToolArgumentForm::new);
    }

    public String getDescription() {
        return getTools().stream().filter(t -> t.name().equals(tool)).findFirst().map(ToolDescription::description).orElse("");
    }

    public void run() {
        JsonObject args = arguments();
        if (args == null) {
            return;
        }
        lastRun = evaluation.run(tool, args, adminName());
        PageMessages.done(tool + (lastRun.ok() ? " answered" : " refused") + " in " + lastRun.millis() + " ms");
    }

    public void saveCase() {
        JsonObject args = arguments();
        if (args == null) {
            return;
        }
        try {
            ToolCase saved = evaluation.save(caseName, tool, args, expectOk, expected);
            PageMessages.done("Case " + saved.name() + " saved");
            caseName = null;
            cases = null;
        } catch (Refusal e) {
            PageMessages.refused("Case not saved", e, CASE_FIELDS);
        }
    }

    public void runCases() {
        caseRuns = evaluation.runAll(adminName());
        long passed = caseRuns.stream().filter(CaseRun::passed).count();
        PageMessages.done(passed + " of " + caseRuns.size() + " cases passed");
    }

    public void deleteCase(ToolCase toolCase) {
        try {
            evaluation.remove(toolCase.id());
            PageMessages.done("Case " + toolCase.name() + " deleted");
        } catch (Refusal e) {
            PageMessages.refused("Not deleted", e, Map.of());
        }
        cases = null;
        caseRuns = null;
    }

    /** Shows a saved case's tool and arguments in the form. */
    public void load(ToolCase toolCase) {
        tool = toolCase.tool();
        choose();
        form.fill(Jsonp.readObject(toolCase.argsJson()));
        expectOk = toolCase.expectOk();
        expected = toolCase.expectedText();
    }

    /** Kept for the view, so that a row's Load or Delete acts on the case drawn in that row; read again after a save or delete. */
    private transient List<ToolCase> cases;

    public List<ToolCase> getCases() {
        if (cases == null) {
            cases = evaluation.cases();
        }
        return cases;
    }

    /** The result, pretty-printed when it is JSON. */
    public String getResult() {
        if (lastRun == null) {
            return null;
        }
        try {
            return McpToolsPage.pretty(Jsonp.readValue(lastRun.content()));
        } catch (RuntimeException e) {
            return lastRun.content();
        }
    }

    private JsonObject arguments() {
        if (tool == null || tool.isBlank()) {
            FacesContext.getCurrentInstance().addMessage("eval:tool", new FacesMessage(FacesMessage.SEVERITY_ERROR, "Choose a tool.", null));
            FacesContext.getCurrentInstance().validationFailed();
            return null;
        }
        try {
            return form.arguments();
        } catch (ToolArgumentForm.BadArgument e) {
            FacesContext faces = FacesContext.getCurrentInstance();
            faces.addMessage("eval:args:" + e.index + ":" + form.getFields().get(e.index).getKind(), new FacesMessage(FacesMessage.SEVERITY_ERROR, e.getMessage(), null));
            faces.validationFailed();
            return null;
        }
    }

    /** The signed-in admin's username, which the tool server's call log shows for the run. */
    private String adminName() {
        String id = McpToolsPage.adminId();
        return id == null ? null : users.find(id).map(UserAccount::username).orElse(null);
    }

    public String getTool() { return tool; }
    public void setTool(String tool) { this.tool = tool; }
    public ToolArgumentForm getForm() { return form; }
    public Run getLastRun() { return lastRun; }
    public String getCaseName() { return caseName; }
    public void setCaseName(String caseName) { this.caseName = caseName; }
    public boolean isExpectOk() { return expectOk; }
    public void setExpectOk(boolean expectOk) { this.expectOk = expectOk; }
    public String getExpected() { return expected; }
    public void setExpected(String expected) { this.expected = expected; }
    public List<CaseRun> getCaseRuns() { return caseRuns; }
}
