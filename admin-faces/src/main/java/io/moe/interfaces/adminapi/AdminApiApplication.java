package io.moe.interfaces.adminapi;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The JSON API of the admin application. */
@ApplicationPath("/api")
public class AdminApiApplication extends Application {
}
