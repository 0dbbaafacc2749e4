package io.moe.interfaces.admin;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Named;

import java.util.List;

/**
 * The pages of the layout's navigation, in the spec's order. Only pages that exist are listed, so the
 * navigation has no dead links; a page joins the list when it is built.
 */
@Named
@ApplicationScoped
public class AdminNavigation {

    /** A page of the navigation: its label, its path in the spec, and the view that renders it. */
    public record Page(String label, String path, String view, String icon) {
    }

    static final List<Page> PAGES = List.of(
            new Page("Dashboard", "/", "/index.xhtml", "pi pi-chart-bar"),
            new Page("Users", "/users", "/users.xhtml", "pi pi-users"),
            new Page("Expert templates", "/templates", "/templates.xhtml", "pi pi-sitemap"),
            new Page("Coding-client profiles", "/profiles", "/profiles.xhtml", "pi pi-code"),
            new Page("Inference servers", "/servers", "/servers.xhtml", "pi pi-server"),
            new Page("Tools", "/mcp-tools", "/mcp-tools.xhtml", "pi pi-wrench"),
            new Page("Tool evaluation", "/tool-eval", "/tool-eval.xhtml", "pi pi-check-square"),
            new Page("Skills", "/skills", "/skills.xhtml", "pi pi-bolt"),
            new Page("Monitoring", "/monitoring", "/monitoring.xhtml", "pi pi-chart-line"),
            new Page("User content", "/user-content", "/user-content.xhtml", "pi pi-folder-open"),
            new Page("Cleanup jobs", "/cleanup", "/cleanup.xhtml", "pi pi-trash"),
            new Page("Knowledge", "/knowledge", "/knowledge.xhtml", "pi pi-share-alt"));

    public List<Page> getPages() {
        return PAGES;
    }

    /** Whether {@code page} is the one being shown (a user's own page counts as Users). */
    public boolean isCurrent(Page page) {
        String view = FacesContext.getCurrentInstance().getViewRoot().getViewId();
        return page.view().equals(view) || (page.view().equals("/users.xhtml") && view.equals("/user-account.xhtml"));
    }
}
