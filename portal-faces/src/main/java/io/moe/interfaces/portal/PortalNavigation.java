package io.moe.interfaces.portal;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Named;

import java.util.List;

/** The pages of the portal's navigation, in the spec's order; a page joins the list when it is built. */
@Named
@ApplicationScoped
public class PortalNavigation {

    /** A page of the navigation: its label, its path in the spec, and the view that renders it. */
    public record Page(String label, String path, String view, String icon) {
    }

    static final List<Page> PAGES = List.of(
            new Page("Dashboard", "/dashboard", "/dashboard.xhtml", "pi pi-chart-bar"),
            new Page("API keys", "/keys", "/keys.xhtml", "pi pi-key"),
            new Page("Usage", "/usage", "/usage.xhtml", "pi pi-list"),
            new Page("Billing", "/billing", "/billing.xhtml", "pi pi-wallet"),
            new Page("My templates", "/templates", "/templates.xhtml", "pi pi-sitemap"),
            new Page("My coding-client profiles", "/cc-profiles", "/cc-profiles.xhtml", "pi pi-code"),
            new Page("Profile", "/profile", "/profile.xhtml", "pi pi-user-edit"));

    public List<Page> getPages() {
        return PAGES;
    }

    /** Whether {@code page} is the one being shown (the answer inspector counts as Usage). */
    public boolean isCurrent(Page page) {
        String view = FacesContext.getCurrentInstance().getViewRoot().getViewId();
        return page.view().equals(view) || (page.view().equals("/usage.xhtml") && view.equals("/request.xhtml"));
    }
}
