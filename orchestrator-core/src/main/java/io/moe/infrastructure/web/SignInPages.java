package io.moe.infrastructure.web;

import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.io.PrintWriter;

/** The plain page a single sign-on answers with when it cannot go on: a title, the reason, a link back to the sign-in form. */
public final class SignInPages {

    private SignInPages() {
    }

    public static void refused(HttpServletResponse response, int status, String title, String message, String signInHref)
            throws IOException {
        response.setStatus(status);
        response.setContentType("text/html;charset=UTF-8");
        PrintWriter out = response.getWriter();
        out.print("<!DOCTYPE html><html lang=\"en\"><head><title>" + escape(title) + "</title></head><body><h1>"
                + escape(title) + "</h1><p role=\"alert\">" + escape(message) + "</p><p><a href=\"" + escape(signInHref)
                + "\">Back to sign-in</a></p></body></html>");
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
