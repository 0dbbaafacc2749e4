package io.moe.interfaces.admin;

import io.moe.application.startup.ApplicationStartup;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

/** Backing bean of the admin landing page: whether the service finished its start-up preparation. */
@Named
@RequestScoped
public class StatusPage {

    @Inject
    ApplicationStartup startup;

    public boolean isReady() {
        return startup.isReady();
    }
}
