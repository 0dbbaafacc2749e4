package io.moe.interfaces.tools;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The REST application of the tools port. */
@ApplicationPath("/")
public class ToolsApplication extends Application {
}
