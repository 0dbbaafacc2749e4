package io.moe.interfaces.portalapi;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The JSON API of the user portal (/user/api). */
@ApplicationPath("/api")
public class PortalApiApplication extends Application {
}
