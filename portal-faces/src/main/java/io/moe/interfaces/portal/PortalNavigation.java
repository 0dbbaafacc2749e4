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
            new Page("Dashboard", "/dashboard", "/dashboard.xhtml", "pi pi-chart-bar"));

    public List<Page> getPages() {
        return PAGES;
    }

    public boolean isCurrent(Page page) {
        return page.view().equals(FacesContext.getCurrentInstance().getViewRoot().getViewId());
    }
}
