package io.moe.infrastructure.web;

import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

/**
 * A response that keeps a single Content-Security-Policy header: PrimeFaces adds its policy (the pages'
 * policy plus the response's script nonce), which then replaces the one the filter set before the page
 * ran. Two headers would both be enforced, and the filter's, without the nonce, would block PrimeFaces.
 */
public final class OnePolicyResponse extends HttpServletResponseWrapper {

    private static final String CSP = "Content-Security-Policy";

    public OnePolicyResponse(HttpServletResponse response) {
        super(response);
    }

    @Override
    public void addHeader(String name, String value) {
        if (CSP.equalsIgnoreCase(name)) {
            super.setHeader(name, value);
        } else {
            super.addHeader(name, value);
        }
    }
}
