package io.moe.infrastructure.faces;

import jakarta.servlet.http.HttpServletRequest;

/**
 * A page filter is mapped to every path ({@code /*}) and to the Faces servlet by name, because the container does not
 * always route a request to the servlet by the path the filter sees: Liberty matches a context root on the raw URI and
 * cuts its length off the normalised one, so {@code /user/../abcddashboard.xhtml} reaches the portal's Faces servlet as
 * {@code dashboard.xhtml}, a path {@code /*} does not match. A request both mappings match would meet the filter
 * twice; its second pass lets it through.
 */
public final class PageFilterPass {

    private PageFilterPass() {
    }

    /** True the first time {@code filterName} sees {@code request}; false when it already decided on it. */
    public static boolean first(HttpServletRequest request, String filterName) {
        String seen = PageFilterPass.class.getName() + ":" + filterName;
        if (request.getAttribute(seen) != null) {
            return false;
        }
        request.setAttribute(seen, Boolean.TRUE);
        return true;
    }
}
