package io.moe.interfaces.admin.sso;

import io.moe.infrastructure.web.SignInPages;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** Answers the single sign-on URLs while no identity provider is configured. */
public class SingleSignOnOff extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        SignInPages.refused(response, 404, "Single sign-on is not configured",
                "Set MOE_OIDC_ISSUER, MOE_OIDC_CLIENT_ID and MOE_OIDC_CLIENT_SECRET to sign in through your identity "
                        + "provider, or sign in with a username and password.", request.getContextPath() + "/login.xhtml");
    }
}
