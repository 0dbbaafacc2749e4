package io.moe.interfaces.admin;

import jakarta.servlet.annotation.WebServlet;

/** The spec's path {@code /knowledge} for its Faces view, as {@link PagePaths} does for the other pages. */
@WebServlet(urlPatterns = "/knowledge")
public class KnowledgePagePath extends PagePaths {

    private static final long serialVersionUID = 1L;
}
