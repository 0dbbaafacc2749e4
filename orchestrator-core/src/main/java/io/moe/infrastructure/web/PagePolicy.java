package io.moe.infrastructure.web;

import io.moe.infrastructure.web.BrowserPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

/** Hands PrimeFaces' nonce mode ({@code primefaces.CSP_POLICY} in web.xml) the pages' one content security policy. */
@Named
@ApplicationScoped
public class PagePolicy {

    @Inject
    BrowserPolicy browser;

    public String getContentSecurityPolicy() {
        return browser.contentSecurityPolicy();
    }
}
